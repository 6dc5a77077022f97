import type { Invoice } from '@rentora/shared';
import type { Role } from '@rentora/shared/operator';
import type { Executor } from './executor';

/**
 * The next serial of a financial year, taken in the caller's transaction: one statement that
 * inserts the year's first or moves its last on, so two invoices at once never share a number
 * (PostgreSQL: the second waits on the first's row until it commits; SQLite has one writer).
 */
export async function takeSerial(db: Executor, financialYear: string): Promise<number> {
  const { last_serial: serial } = await db
    .insertInto('invoice_serials')
    .values({ financial_year: financialYear, last_serial: 1 })
    .onConflict((conflict) =>
      conflict
        .column('financial_year')
        .doUpdateSet((eb) => ({ last_serial: eb('invoice_serials.last_serial', '+', 1) })),
    )
    .returning('last_serial')
    .executeTakeFirstOrThrow();
  return serial;
}

export async function insertInvoice(
  db: Executor,
  invoice: { rentalId: number; financialYear: string; serial: number; body: Invoice },
): Promise<void> {
  await db
    .insertInto('invoices')
    .values({
      rental_id: invoice.rentalId,
      financial_year: invoice.financialYear,
      serial: invoice.serial,
      number: invoice.body.number,
      issued_on: invoice.body.date,
      body: JSON.stringify(invoice.body),
    })
    .execute();
}

/** A rental's invoice, for its customer or for staff; undefined for anyone else, as for none at all. */
export async function findInvoiceFor(
  db: Executor,
  rentalId: number,
  reader: { id: number; role: Role },
): Promise<Invoice | undefined> {
  let query = db
    .selectFrom('invoices')
    .innerJoin('rentals', 'rentals.id', 'invoices.rental_id')
    .select('invoices.body')
    .where('invoices.rental_id', '=', rentalId);
  if (reader.role === 'customer') query = query.where('rentals.user_id', '=', reader.id);
  const row = await query.executeTakeFirst();
  return row && (JSON.parse(row.body) as Invoice);
}

/** What an invoice says of its rental: the renter as they booked, the car, the dates, the quote. */
export async function findRentalToInvoice(db: Executor, rentalId: number) {
  return db
    .selectFrom('rentals')
    .innerJoin('vehicles', 'vehicles.id', 'rentals.vehicle_id')
    .select([
      'rentals.id',
      'rentals.name',
      'rentals.address',
      'rentals.pincode',
      'rentals.pick_up_date',
      'rentals.drop_off_date',
      'rentals.days',
      'rentals.total_price',
      'rentals.quote',
      'vehicles.car_name',
      'vehicles.license_plate',
    ])
    .where('rentals.id', '=', rentalId)
    .executeTakeFirstOrThrow();
}

export type RentalToInvoice = Awaited<ReturnType<typeof findRentalToInvoice>>;
