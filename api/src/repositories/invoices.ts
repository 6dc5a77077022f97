import type { IssuedInvoice } from '@rentora/shared';
import type { Engine } from '../db/connect';
import type { Role } from '@rentora/shared/operator';
import type { Executor } from './executor';

/**
 * The next serial of a financial year in a series (invoices, credit notes), taken in the caller's
 * transaction: one statement that inserts the year's first or moves its last on, so two documents
 * at once never share a number (PostgreSQL: the second waits on the first's row until it
 * commits; SQLite has one writer).
 */
export async function takeSerial(
  db: Executor,
  series: 'invoice_serials' | 'credit_note_serials',
  financialYear: string,
): Promise<number> {
  const { last_serial: serial } = await db
    .insertInto(series)
    .values({ financial_year: financialYear, last_serial: 1 })
    .onConflict((conflict) =>
      conflict.column('financial_year').doUpdateSet((eb) => ({ last_serial: eb(`${series}.last_serial`, '+', 1) })),
    )
    .returning('last_serial')
    .executeTakeFirstOrThrow();
  return serial;
}

export async function insertInvoice(
  db: Executor,
  invoice: { rentalId: number; financialYear: string; serial: number; body: IssuedInvoice },
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

export interface StoredInvoice {
  id: number;
  body: IssuedInvoice;
}

/** Who may read a rental's documents: its customer, and staff. */
export interface DocumentReader {
  id: number;
  role: Role;
}

/** A rental's invoice, for its customer or for staff; undefined for anyone else, as for none at all. */
export async function findInvoiceFor(
  db: Executor,
  rentalId: number,
  reader: DocumentReader,
): Promise<StoredInvoice | undefined> {
  let query = db
    .selectFrom('invoices')
    .innerJoin('rentals', 'rentals.id', 'invoices.rental_id')
    .select(['invoices.id', 'invoices.body'])
    .where('invoices.rental_id', '=', rentalId);
  if (reader.role === 'customer') query = query.where('rentals.user_id', '=', reader.id);
  const row = await query.executeTakeFirst();
  return row && { id: row.id, body: JSON.parse(row.body) as IssuedInvoice };
}

/** A rental's invoice for a credit note, locked until commit on PostgreSQL (SQLite has one writer). */
export async function findInvoiceForUpdate(
  db: Executor,
  engine: Engine,
  rentalId: number,
): Promise<StoredInvoice | undefined> {
  let query = db.selectFrom('invoices').select(['id', 'body']).where('rental_id', '=', rentalId);
  if (engine === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && { id: row.id, body: JSON.parse(row.body) as IssuedInvoice };
}

/** The PDF kept for an invoice, if one has been rendered. */
export async function findInvoicePdf(db: Executor, invoiceId: number): Promise<Buffer | undefined> {
  const row = await db.selectFrom('invoices').select('pdf').where('id', '=', invoiceId).executeTakeFirst();
  return row?.pdf ?? undefined;
}

/** Keeps an invoice's PDF; the first one kept stays (two first requests at once render alike anyway). */
export async function keepInvoicePdf(db: Executor, invoiceId: number, pdf: Buffer): Promise<void> {
  await db.updateTable('invoices').set({ pdf }).where('id', '=', invoiceId).where('pdf', 'is', null).execute();
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
