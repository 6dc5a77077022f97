import type { CancellationPolicy } from '@rentora/shared/payments';
import { formatPaise, startOfDayIn } from '@rentora/shared/format';
import { isoTimestamp } from '../../db/timestamps';
import { type CancellationTerms, cancellationTerms } from '../../money/cancellation-terms';
import { shareOf } from '../../money/rounding';
import { policyPickUpDate, readStoredQuote } from '../../money/stored-quote';
import type { Executor } from '../../repositories/executor';
import { findRentalToInvoice } from '../../repositories/invoices';
import { listPendingCharges, listRefundableCharges, onlinePaidStillHeld } from '../../repositories/payments';
import { issueFeeInvoice } from '../invoices';
import { queueRefund } from './refunds';
import { lapseLocked } from './settle';

/** What cancelling a rental now comes to: the policy's terms, and the deposit paid online, which always goes back. */
export interface CancellationOutcome extends CancellationTerms {
  deposit_paise: number;
}

export interface CancellationClock {
  now: number;
  timeZone: string;
}

async function rentalFacts(db: Executor, rentalId: number) {
  const rental = await db
    .selectFrom('rentals')
    .select(['created_at', 'pick_up_date', 'quote', 'days', 'total_price'])
    .where('id', '=', rentalId)
    .executeTakeFirstOrThrow();
  const paidPaise = await onlinePaidStillHeld(db, rentalId);
  const quote = readStoredQuote(rental);
  // A fee a change of dates kept stays kept; a booking paid with its deposit paid more than the
  // rental's total and that fee: the rest is the deposit.
  const keptFee = quote.kept_fee_paise ?? 0;
  const heldForRental = Math.min(paidPaise, quote.total_paise + keptFee);
  return {
    rental,
    rentalPart: Math.max(0, heldForRental - keptFee),
    depositPart: paidPaise - heldForRental,
  };
}

/**
 * What cancelling the rental now would refund and keep (`GET /api/rentals/{id}/cancellation`,
 * and the cancellation itself): the policy's terms for what was paid online for the rental, or,
 * for staff, `refundPercent` of it (100 unless an admin says otherwise).
 */
export async function cancellationOutcome(
  db: Executor,
  rentalId: number,
  policy: CancellationPolicy,
  clock: CancellationClock,
  refundPercent?: number,
): Promise<CancellationOutcome> {
  const { rental, rentalPart, depositPart } = await rentalFacts(db, rentalId);
  if (refundPercent !== undefined) {
    const refund = shareOf(rentalPart, refundPercent, 100);
    return {
      refund_paise: refund + depositPart,
      fee_paise: rentalPart - refund,
      rule:
        rentalPart === 0
          ? 'Nothing was paid online: cancelling costs nothing.'
          : `Cancelled by the rental desk: ${refundPercent === 100 ? 'everything is refunded' : `${refundPercent}% is refunded`}.`,
      deposit_paise: depositPart,
    };
  }
  const terms = cancellationTerms(policy, {
    paidPaise: rentalPart,
    bookedAt: Date.parse(isoTimestamp(rental.created_at)),
    pickUpAt: startOfDayIn(policyPickUpDate(rental, readStoredQuote(rental)), clock.timeZone),
    now: clock.now,
  });
  return { ...terms, refund_paise: terms.refund_paise + depositPart, deposit_paise: depositPart };
}

/**
 * Settles the money of a rental just cancelled, in the cancellation's transaction (under its car's
 * lock): what awaited payment lapses, the refund is queued against the captured charges (newest
 * first, each refund with its own key, sent after the commit), and a fee kept gets its tax invoice
 * in the invoice series. Answers the outcome and the refunds to send.
 */
export async function settleCancellation(
  trx: Executor,
  rentalId: number,
  outcome: CancellationOutcome,
  issuedOn: string,
  feeLabel: string,
): Promise<{ refunds: number[]; invoice?: string }> {
  for (const pending of await listPendingCharges(trx, rentalId)) await lapseLocked(trx, pending);
  await trx.updateTable('rentals').set({ hold_expires_at: null }).where('id', '=', rentalId).execute();
  const refunds: number[] = [];
  let left = outcome.refund_paise;
  for (const charge of await listRefundableCharges(trx, rentalId)) {
    const amount = Math.min(left, charge.amount_paise - charge.refunded_paise);
    const queued = await queueRefund(trx, charge, amount, 'cancellation');
    if (queued !== undefined) refunds.push(queued);
    left -= amount;
    if (left <= 0) break;
  }
  if (outcome.fee_paise <= 0) return { refunds };
  const rental = await findRentalToInvoice(trx, rentalId);
  const invoice = await issueFeeInvoice(trx, rental, issuedOn, outcome.fee_paise, feeLabel);
  return { refunds, invoice: invoice.number };
}

/** What the customer is told once a cancellation is done, after the product's own sentence. */
export function moneyTold(outcome: CancellationOutcome, invoice: string | undefined): string {
  const parts: string[] = [];
  if (outcome.refund_paise > 0) parts.push(`${formatPaise(outcome.refund_paise)} will be refunded to how you paid.`);
  if (outcome.fee_paise > 0)
    parts.push(
      `${formatPaise(outcome.fee_paise)} is kept as a cancellation fee${invoice ? ` (invoice ${invoice})` : ''}.`,
    );
  return parts.join(' ');
}
