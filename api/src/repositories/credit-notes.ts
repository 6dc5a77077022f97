import type { CreditNote } from '@rentora/shared';
import type { Executor } from './executor';
import type { DocumentReader } from './invoices';

/** A credit note as kept: everything but its id, which is the row's. */
export type IssuedCreditNote = Omit<CreditNote, 'id'>;

export async function insertCreditNote(
  db: Executor,
  note: { invoiceId: number; financialYear: string; serial: number; body: IssuedCreditNote },
): Promise<number> {
  const { id } = await db
    .insertInto('credit_notes')
    .values({
      invoice_id: note.invoiceId,
      financial_year: note.financialYear,
      serial: note.serial,
      number: note.body.number,
      issued_on: note.body.date,
      total_paise: note.body.total_paise,
      body: JSON.stringify(note.body),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const toCreditNote = (row: { id: number; body: string }): CreditNote => ({
  id: row.id,
  ...(JSON.parse(row.body) as IssuedCreditNote),
});

/** An invoice's credit notes, oldest first. */
export async function listCreditNotes(db: Executor, invoiceId: number): Promise<CreditNote[]> {
  const rows = await db
    .selectFrom('credit_notes')
    .select(['id', 'body'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('id')
    .execute();
  return rows.map(toCreditNote);
}

/** One credit note of a rental, for the rental's customer or staff; undefined for anyone else, as for none. */
export async function findCreditNoteFor(
  db: Executor,
  rentalId: number,
  creditNoteId: number,
  reader: DocumentReader,
): Promise<CreditNote | undefined> {
  let query = db
    .selectFrom('credit_notes')
    .innerJoin('invoices', 'invoices.id', 'credit_notes.invoice_id')
    .innerJoin('rentals', 'rentals.id', 'invoices.rental_id')
    .select(['credit_notes.id', 'credit_notes.body'])
    .where('credit_notes.id', '=', creditNoteId)
    .where('invoices.rental_id', '=', rentalId);
  if (reader.role === 'customer') query = query.where('rentals.user_id', '=', reader.id);
  const row = await query.executeTakeFirst();
  return row && toCreditNote(row);
}

export async function findCreditNotePdf(db: Executor, creditNoteId: number): Promise<Buffer | undefined> {
  const row = await db.selectFrom('credit_notes').select('pdf').where('id', '=', creditNoteId).executeTakeFirst();
  return row?.pdf ?? undefined;
}

export async function keepCreditNotePdf(db: Executor, creditNoteId: number, pdf: Buffer): Promise<void> {
  await db.updateTable('credit_notes').set({ pdf }).where('id', '=', creditNoteId).where('pdf', 'is', null).execute();
}
