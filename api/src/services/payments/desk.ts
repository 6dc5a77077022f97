import type { OperatorBooking, Role } from '@rentora/shared/operator';
import type { DeskPayment } from '@rentora/shared/payments';
import { formatPaise } from '@rentora/shared/format';
import { runInTransaction } from '../../db/transaction';
import { ApiError } from '../../errors';
import { recordAudit } from '../../repositories/audit';
import { findOperatorBooking, withBooks } from '../../repositories/operator-bookings';
import { insertPayment } from '../../repositories/payments';
import type { OperatorContext } from '../fleet-operations';
import { type KeyedCaller, keepAnswer, keptAnswer } from '../idempotent-call';
import { NO_SUCH_BOOKING } from '../stages';

export const REFUND_NEEDS_ADMIN_ROLE = 'Only an admin may record a refund.';
export const AWAITS_ONLINE_PAYMENT =
  'This rental awaits its online payment: record a payment at the desk once its hold has ended.';
export const refundBeyondPaid = (paidPaise: number) =>
  `A refund cannot be more than was paid: ${formatPaise(paidPaise)} is paid for this rental and not yet refunded.`;

/**
 * Records money the desk took for a rental (a charge) or gave back (a refund), in cash, by UPI
 * or by card, with its slip's reference, audited in the same transaction. Operators record
 * payments; refunds are admins' (403), and never more than what is paid and not already being
 * refunded (409). Answers the rental with its books. With `once` (the request's Idempotency-Key),
 * a request made again answers as the first did and records nothing more.
 */
export async function recordDeskPayment(
  context: OperatorContext,
  actor: { email: string; role: Role },
  rentalId: number,
  payment: DeskPayment,
  once?: KeyedCaller,
): Promise<OperatorBooking> {
  if (payment.kind === 'refund' && actor.role !== 'admin') throw new ApiError(403, REFUND_NEEDS_ADMIN_ROLE);
  const reference = payment.reference.trim();
  if (reference === '') throw new ApiError(400, 'reference: give the receipt, UPI or card slip’s reference.');
  return runInTransaction(context.db, async (trx) => {
    // The rental's row, locked on PostgreSQL (SQLite has one writer): two refunds at once cannot
    // both pass the check, and a request retried with its Idempotency-Key, even at once, finds
    // the first one's answer kept in the same transaction as its payment.
    const record = await findOperatorBooking(trx, context.engine, rentalId, true);
    if (record === undefined) throw new ApiError(404, NO_SUCH_BOOKING);
    const earlier = once && (await keptAnswer<OperatorBooking>(trx, context.engine, once));
    if (earlier) return earlier.body;
    if (payment.kind === 'charge' && record.hold_expires_at !== null) throw new ApiError(409, AWAITS_ONLINE_PAYMENT);
    const [booking] = await withBooks(trx, [record]);
    if (booking === undefined) throw new ApiError(404, NO_SUCH_BOOKING);
    if (payment.kind === 'refund') {
      const beingRefunded = booking.payments
        .filter((line) => line.kind === 'refund' && line.status === 'pending')
        .reduce((sum, line) => sum + line.amount_paise, 0);
      const refundable = Math.max(0, booking.paid_paise - beingRefunded);
      if (payment.amount_paise > refundable) throw new ApiError(409, refundBeyondPaid(refundable));
    }
    const paymentId = await insertPayment(trx, {
      rentalId,
      kind: payment.kind,
      purpose: 'desk',
      method: payment.method,
      amountPaise: payment.amount_paise,
      status: payment.kind === 'charge' ? 'captured' : 'processed',
      reference,
      recordedBy: actor.email,
    });
    await recordAudit(trx, {
      actor: actor.email,
      action: payment.kind === 'charge' ? 'booking.payment_recorded' : 'booking.refund_recorded',
      subject: `booking:${rentalId}`,
      before: { paid_paise: booking.paid_paise, due_paise: booking.due_paise },
      after: { payment: paymentId, method: payment.method, amount_paise: payment.amount_paise, reference },
    });
    const [answer] = await withBooks(trx, [record]);
    if (answer === undefined) throw new ApiError(404, NO_SUCH_BOOKING);
    if (once) await keepAnswer(trx, context.engine, once, { statusCode: 201, body: answer });
    return answer;
  });
}
