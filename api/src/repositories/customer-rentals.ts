import type { CustomerRental } from '@rentora/shared';
import type { RentalBooks } from '@rentora/shared/payments';
import { readStoredQuote } from '../money/stored-quote';
import { readBooks } from '../services/payments/books';
import type { Executor } from './executor';
import { CUSTOMER_RENTAL_COLUMNS, customerRental } from './rentals';

/** The customer's rentals, oldest first, with what each costs, its books, and its invoice once issued. */
export async function listCustomerRentals(db: Executor, userId: number, today: string): Promise<CustomerRental[]> {
  const rows = await db
    .selectFrom('rentals')
    .innerJoin('vehicles', 'vehicles.id', 'rentals.vehicle_id')
    .leftJoin('invoices', 'invoices.rental_id', 'rentals.id')
    .select(['rentals.id', ...CUSTOMER_RENTAL_COLUMNS, 'rentals.quote', 'invoices.number', 'invoices.issued_on'])
    .where('rentals.user_id', '=', userId)
    .orderBy('rentals.id')
    .execute();
  const rentals = rows.map((row) => ({ row, quote: readStoredQuote(row) }));
  const books = await readBooks(
    db,
    rentals.map(({ row, quote }) => ({ id: row.id, stage: row.stage, total_paise: quote.total_paise })),
  );
  return rentals.map(({ row, quote }) => {
    const { car, pick_up_date, drop_off_date, status } = customerRental(row, today);
    return {
      id: row.id,
      car,
      pick_up_date,
      drop_off_date,
      status,
      total_paise: quote.total_paise,
      deposit_paise: quote.deposit_paise,
      invoice: row.number === null || row.issued_on === null ? null : { number: row.number, date: row.issued_on },
      ...(books.get(row.id) as RentalBooks),
    };
  });
}
