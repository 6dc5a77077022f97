import { isoTimestamp } from '../../db/timestamps';
import { describeDriverError } from '../../db/unavailable';
import { findPayment, listChargesToAsk, listPendingRefunds } from '../../repositories/payments';
import type { PaymentsContext } from './payments-context';
import { sendRefund } from './refunds';
import { lapseCharge, settleCapture } from './settle';

/** An order no word came of for this long is asked about, hold or no hold. */
export const ASK_AFTER_MS = 2 * 60_000;
/** How often each instance sweeps: a payment nobody told us of is settled within about three minutes. */
export const SWEEP_EVERY_MS = 60_000;

/**
 * One charge the browser and the webhooks may never have told us of: the gateway is asked for its
 * order's payments. Captured, it is settled (confirmed, or refunded when its dates are gone);
 * otherwise, once its hold has ended, it lapses.
 */
async function reconcileCharge(context: PaymentsContext, paymentId: number): Promise<void> {
  const payment = await findPayment(context.db, paymentId);
  if (payment === undefined || payment.status !== 'pending') return;
  if (payment.order_id !== null) {
    const payments = await context.gateway.paymentsOfOrder(payment.order_id);
    const captured = payments.find((attempt) => attempt.captured);
    if (captured !== undefined) {
      await settleCapture(context, captured);
      return;
    }
  }
  const ended = payment.expires_at !== null && Date.parse(isoTimestamp(payment.expires_at)) < context.now();
  if (ended) await lapseCharge(context, paymentId);
}

/**
 * The reconciliation sweep (docs/decisions/0031-payments.md), run by every instance every minute:
 * pending charges are asked about (see reconcileCharge) and pending refunds sent again with their
 * own keys, so a payment made while our server was down or the browser was closed is settled, and
 * a refund the gateway never answered goes out, once. Each item's failure is logged and retried by
 * the next sweep; settling is idempotent, so two instances sweeping at once change nothing twice.
 */
export async function reconcileOnce(context: PaymentsContext): Promise<void> {
  for (const id of await listChargesToAsk(context.db, context.engine, context.now(), ASK_AFTER_MS)) {
    try {
      await reconcileCharge(context, id);
    } catch (error) {
      context.log.warn(
        { payment: id, ...describeDriverError(error) },
        'reconciling a payment failed; the next sweep tries again',
      );
    }
  }
  for (const id of await listPendingRefunds(context.db)) await sendRefund(context, id);
}
