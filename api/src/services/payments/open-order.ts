import type { BookingPayment } from '@rentora/shared/payments';
import { isoTimestamp } from '../../db/timestamps';
import { ApiError, NO_SUCH_RENTAL } from '../../errors';
import { GatewayUnavailable } from '../../payments/gateway';
import type { Executor } from '../../repositories/executor';
import { findPayment, listPendingCharges } from '../../repositories/payments';
import type { PaymentsContext } from './payments-context';
import { lapseCharge } from './settle';

export const PAYMENT_NOT_STARTED =
  'The payment could not be started, so nothing is booked: the dates are free again. Please try again in a moment.';
export const PAYMENT_CLOSED = 'This payment is closed: its hold ended or it was paid. Nothing more can be paid on it.';
export const NOTHING_TO_PAY = 'This rental is not waiting for a payment: there is nothing to pay now.';

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

/**
 * The payment a customer's rental is waiting for (its booking's, or a change of its dates'), to
 * open Checkout on again: the latest pending charge whose hold has not ended. Anyone else's
 * rental is not found (404); one waiting for nothing, or without online payment, answers 409.
 */
export async function openPaymentOf(
  db: Executor,
  context: PaymentsContext | undefined,
  rentalId: number,
  customerId: number,
  now: number,
): Promise<BookingPayment> {
  const rental = await db.selectFrom('rentals').select('user_id').where('id', '=', rentalId).executeTakeFirst();
  if (rental === undefined || rental.user_id !== customerId) throw new ApiError(404, NO_SUCH_RENTAL);
  const waiting = (await listPendingCharges(db, rentalId))
    .filter((charge) => charge.expires_at !== null && Date.parse(isoTimestamp(charge.expires_at)) > now)
    .sort((a, b) => b.id - a.id);
  const latest = waiting[0];
  if (context === undefined || latest === undefined) throw new ApiError(409, NOTHING_TO_PAY);
  return paymentToOpen(context, latest.id);
}
