import type { Invoice, QuoteLine } from '@rentora/shared';
import { ApiError } from '../errors';
import { MAX_SERIAL, financialYearOf, invoiceNumber } from '../money/financial-year';
import { buildInvoice } from '../money/invoice';
import { readStoredQuote } from '../money/stored-quote';
import type { Executor } from '../repositories/executor';
import { type RentalToInvoice, insertInvoice, takeSerial } from '../repositories/invoices';
import { readSettings } from '../repositories/settings';

export const SERIALS_USED_UP = `This financial year has used all ${MAX_SERIAL.toLocaleString('en-IN')} invoice serials.`;

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
): Promise<Invoice> {
  const settings = await readSettings(trx);
  const financialYear = financialYearOf(issuedOn);
  const serial = await takeSerial(trx, financialYear);
  if (serial > MAX_SERIAL) throw new ApiError(409, SERIALS_USED_UP);
  const body = buildInvoice({
    number: invoiceNumber(settings.invoice_prefix, financialYear, serial),
    date: issuedOn,
    rental,
    quote: readStoredQuote(rental),
    charges,
    depositTaken,
    settings,
  });
  await insertInvoice(trx, { rentalId: rental.id, financialYear, serial, body });
  return body;
}
