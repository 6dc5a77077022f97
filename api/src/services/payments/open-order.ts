import type { BookingPayment } from '@rentora/shared/payments';
import { isoTimestamp } from '../../db/timestamps';
import { ApiError } from '../../errors';
import { GatewayUnavailable } from '../../payments/gateway';
import { findPayment } from '../../repositories/payments';
import type { PaymentsContext } from './payments-context';
import { lapseCharge } from './settle';

export const PAYMENT_NOT_STARTED =
  'The payment could not be started, so nothing is booked: the dates are free again. Please try again in a moment.';
export const PAYMENT_CLOSED = 'This payment is closed: its hold ended or it was paid. Nothing more can be paid on it.';

/**
 * The gateway's order for an online charge, made once: a retry, a replayed booking or the sweep
 * finds it made. Two first calls at once may each make one; the first kept wins, and the other
 * order, never shown to anyone, is never paid.
 */
async function orderOf(context: PaymentsContext, paymentId: number): Promise<string> {
  const payment = await findPayment(context.db, paymentId);
  if (payment === undefined) throw new Error(`there is no payment ${paymentId}`);
  if (payment.order_id !== null) return payment.order_id;
  const order = await context.gateway.createOrder({
    amountPaise: payment.amount_paise,
    receipt: `rentora-${payment.rental_id}-${payment.id}`,
    notes: { rental_id: String(payment.rental_id), payment_id: String(payment.id) },
  });
  await context.db
    .updateTable('payments')
    .set({ order_id: order.id })
    .where('id', '=', paymentId)
    .where('order_id', 'is', null)
    .execute();
  const kept = await findPayment(context.db, paymentId);
  return kept?.order_id ?? order.id;
}

/**
 * What the browser opens Checkout with for a pending charge: its order (made now if it was not),
 * amount, key and hold. A gateway that cannot take the order lets the charge lapse at once (its
 * booking's dates, or its change's held days, go free) and answers 503.
 */
export async function paymentToOpen(context: PaymentsContext, paymentId: number): Promise<BookingPayment> {
  const payment = await findPayment(context.db, paymentId);
  if (payment === undefined || payment.status !== 'pending' || payment.expires_at === null) {
    throw new ApiError(409, PAYMENT_CLOSED);
  }
  let orderId: string;
  try {
    orderId = await orderOf(context, paymentId);
  } catch (error) {
    if (!(error instanceof GatewayUnavailable)) throw error;
    context.log.warn({ payment: paymentId, reason: error.message }, 'a payment could not be started');
    await lapseCharge(context, paymentId);
    throw new ApiError(503, PAYMENT_NOT_STARTED, 5);
  }
  const { config } = context.gateway;
  return {
    id: payment.id,
    order_id: orderId,
    amount_paise: payment.amount_paise,
    currency: 'INR',
    key_id: config.keyId,
    gateway: config.gateway,
    expires_at: isoTimestamp(payment.expires_at),
    checkout_script: config.checkoutScript,
  };
}
