import type { Invoice, IssuedInvoice, QuoteLine } from '@rentora/shared';
import { ApiError } from '../errors';
import { MAX_SERIAL, financialYearOf, invoiceNumber } from '../money/financial-year';
import { type InvoiceFacts, buildFeeInvoice, buildInvoice } from '../money/invoice';
import { readStoredQuote } from '../money/stored-quote';
import { listCreditNotes } from '../repositories/credit-notes';
import type { Executor } from '../repositories/executor';
import {
  type DocumentReader,
  type RentalToInvoice,
  type StoredInvoice,
  findInvoiceFor,
  insertInvoice,
  takeSerial,
} from '../repositories/invoices';
import { readSettings } from '../repositories/settings';
import { invoicedBooks } from './payments/books';

export const SERIALS_USED_UP = `This financial year has used all ${MAX_SERIAL.toLocaleString('en-IN')} invoice serials.`;
export const NO_INVOICE = 'There is no such invoice.';

/**
 * Issues the tax invoice of a completed rental, in the completion's transaction, with the next
 * serial of the financial year of `issuedOn`: the serial is taken last, so its row is held for
 * the shortest time.
 */
export async function issueInvoice(
  trx: Executor,
  rental: RentalToInvoice,
  issuedOn: string,
  charges: QuoteLine[],
  depositTaken: boolean,
): Promise<IssuedInvoice> {
  return issueWith(trx, rental, issuedOn, (facts) => buildInvoice({ ...facts, charges, depositTaken }));
}

/** Issues the tax invoice of the fee a cancellation kept, in the cancellation's transaction. */
export async function issueFeeInvoice(
  trx: Executor,
  rental: RentalToInvoice,
  issuedOn: string,
  feePaise: number,
  label: string,
): Promise<IssuedInvoice> {
  return issueWith(trx, rental, issuedOn, (facts) => buildFeeInvoice({ ...facts, feePaise, label }));
}

/** The invoice `build` writes, numbered with the next serial of the year (taken last, held the shortest) and kept. */
async function issueWith(
  trx: Executor,
  rental: RentalToInvoice,
  issuedOn: string,
  build: (facts: Omit<InvoiceFacts, 'charges' | 'depositTaken'>) => IssuedInvoice,
): Promise<IssuedInvoice> {
  const settings = await readSettings(trx);
  const financialYear = financialYearOf(issuedOn);
  const serial = await takeSerial(trx, 'invoice_serials', financialYear);
  if (serial > MAX_SERIAL) throw new ApiError(409, SERIALS_USED_UP);
  const body = build({
    number: invoiceNumber(settings.invoice_prefix, financialYear, serial),
    date: issuedOn,
    rental,
    quote: readStoredQuote(rental),
    settings,
  });
  await insertInvoice(trx, { rentalId: rental.id, financialYear, serial, body });
  return body;
}

/**
 * An issued invoice as read: with its credit notes, what they leave of it, and the rental's books
 * as they stand now (they change after the invoice, so they are never part of it nor of its kept PDF).
 */
export async function withCreditNotes(db: Executor, invoice: StoredInvoice): Promise<Invoice> {
  const [creditNotes, books] = await Promise.all([
    listCreditNotes(db, invoice.id),
    invoicedBooks(db, invoice.body.rental_id),
  ]);
  const credited = creditNotes.reduce((sum, note) => sum + note.total_paise, 0);
  return {
    ...invoice.body,
    credit_notes: creditNotes,
    credited_paise: credited,
    remaining_paise: invoice.body.total_paise - credited,
    books,
  };
}

/** A rental's invoice for its customer or staff; 404 to anyone else, as when there is none. */
export async function readInvoiceFor(db: Executor, rentalId: number, reader: DocumentReader): Promise<StoredInvoice> {
  const invoice = await findInvoiceFor(db, rentalId, reader);
  if (invoice === undefined) throw new ApiError(404, NO_INVOICE);
  return invoice;
}
