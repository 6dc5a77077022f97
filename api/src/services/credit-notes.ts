import type { CreditNote, CreditNoteRequest } from '@rentora/shared';
import { formatPaise } from '@rentora/shared/format';
import { runInTransaction } from '../db/transaction';
import { ApiError } from '../errors';
import { buildCreditNote } from '../money/credit-note';
import { MAX_SERIAL, financialYearOf, invoiceNumber } from '../money/financial-year';
import { recordAudit } from '../repositories/audit';
import { insertCreditNote, listCreditNotes } from '../repositories/credit-notes';
import { findInvoiceForUpdate, takeSerial } from '../repositories/invoices';
import { findOperatorBooking } from '../repositories/operator-bookings';
import { readSettings } from '../repositories/settings';
import type { OperatorContext } from './fleet-operations';
import { NO_SUCH_BOOKING } from './stages';

export const NOT_INVOICED = 'This rental has no invoice yet: it is issued when the rental is completed.';
export const CREDIT_SERIALS_USED_UP = `This financial year has used all ${MAX_SERIAL.toLocaleString('en-IN')} credit note serials.`;
export const REASON_REQUIRED = 'Say why the invoice is credited: the reason is printed on the credit note.';
export const nothingLeftToCredit = (invoice: string) =>
  `Invoice ${invoice} is credited in full already: nothing is left to credit.`;
export const creditBeyondInvoice = (invoice: string, asked: number, left: number) =>
  `A credit note of ${formatPaise(asked)} would take more than invoice ${invoice} has left: ${formatPaise(left)}.`;

/**
 * Issues a credit note against a completed rental's invoice (docs/decisions/0030-credit-notes.md),
 * for what is left of the invoice or part of it, with the next serial of its own series, and
 * audits it. The invoice's row is held for the transaction, so two notes at once cannot together
 * take more than its total.
 */
export async function issueCreditNote(
  context: OperatorContext,
  actor: string,
  rentalId: number,
  request: CreditNoteRequest,
): Promise<CreditNote> {
  const reason = request.reason.trim();
  if (reason === '') throw new ApiError(400, REASON_REQUIRED);
  const today = context.today();
  return runInTransaction(context.db, async (trx) => {
    const invoice = await findInvoiceForUpdate(trx, context.engine, rentalId);
    if (invoice === undefined) {
      const booking = await findOperatorBooking(trx, context.engine, rentalId);
      throw booking === undefined ? new ApiError(404, NO_SUCH_BOOKING) : new ApiError(409, NOT_INVOICED);
    }
    const earlier = await listCreditNotes(trx, invoice.id);
    const left = invoice.body.total_paise - earlier.reduce((sum, note) => sum + note.total_paise, 0);
    if (left <= 0) throw new ApiError(409, nothingLeftToCredit(invoice.body.number));
    const amount = request.amount_paise ?? left;
    if (amount > left) throw new ApiError(409, creditBeyondInvoice(invoice.body.number, amount, left));

    const settings = await readSettings(trx);
    const financialYear = financialYearOf(today);
    const serial = await takeSerial(trx, 'credit_note_serials', financialYear);
    if (serial > MAX_SERIAL) throw new ApiError(409, CREDIT_SERIALS_USED_UP);
    const body = buildCreditNote({
      number: invoiceNumber(settings.credit_note_prefix, financialYear, serial),
      date: today,
      invoice: invoice.body,
      earlier,
      amountPaise: amount,
      reason,
    });
    const id = await insertCreditNote(trx, { invoiceId: invoice.id, financialYear, serial, body });
    await recordAudit(trx, {
      actor,
      action: 'invoice.credited',
      subject: `booking:${rentalId}`,
      before: { invoice: invoice.body.number, remaining_paise: left },
      after: {
        credit_note: body.number,
        total_paise: body.total_paise,
        remaining_paise: left - body.total_paise,
        reason,
      },
    });
    return { id, ...body };
  });
}
