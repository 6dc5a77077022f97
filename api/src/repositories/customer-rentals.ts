import type { CustomerRental } from '@rentora/shared';
import { readStoredQuote } from '../money/stored-quote';
import type { Executor } from './executor';
import { customerStatus } from './rentals';

/** The customer's rentals, oldest first, with what each costs and its invoice once issued. */
export async function listCustomerRentals(db: Executor, userId: number, today: string): Promise<CustomerRental[]> {
  const rows = await db
    .selectFrom('rentals')
    .innerJoin('vehicles', 'vehicles.id', 'rentals.vehicle_id')
    .leftJoin('invoices', 'invoices.rental_id', 'rentals.id')
    .select([
      'rentals.id',
      'vehicles.slug',
      'vehicles.image_url',
      'vehicles.brand_name',
      'vehicles.car_name',
      'rentals.pick_up_date',
      'rentals.drop_off_date',
      'rentals.stage',
      'rentals.days',
      'rentals.total_price',
      'rentals.quote',
      'invoices.number',
      'invoices.issued_on',
    ])
    .where('rentals.user_id', '=', userId)
    .orderBy('rentals.id')
    .execute();
  return rows.map((row) => {
    const quote = readStoredQuote(row);
    return {
      id: row.id,
      car: { _id: row.slug, image_url: row.image_url, brand_name: row.brand_name, car_name: row.car_name },
      pick_up_date: row.pick_up_date,
      drop_off_date: row.drop_off_date,
      status: customerStatus(row.stage, row.drop_off_date, today),
      total_paise: quote.total_paise,
      deposit_paise: quote.deposit_paise,
      invoice: row.number === null || row.issued_on === null ? null : { number: row.number, date: row.issued_on },
    };
  });
}
