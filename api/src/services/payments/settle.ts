import { formatPaise } from '@rentora/shared/format';
import { runInTransaction } from '../../db/transaction';
import type { GatewayPayment } from '../../payments/gateway';
import type { Executor } from '../../repositories/executor';
import { LAPSED_REASON, lapseHold, releaseHold, reviveLapsedRental } from '../../repositories/holds';
import {
  type PaymentRecord,
  findPayment,
  findPaymentByOrder,
  findPaymentForUpdate,
  recordGatewayEvent,
  updatePayment,
} from '../../repositories/payments';
import { findOverlappingRange } from '../../repositories/rentals';
import { lockVehicle } from '../../repositories/vehicles';
import { applyDateChange, releaseChangeHolds } from './date-change-holds';
import type { PaymentsContext } from './payments-context';
import { queueRefund, sendRefund } from './refunds';

/** What a captured payment came to. */
export type Settlement =
  | { outcome: 'confirmed'; rentalId: number }
  | { outcome: 'refunded'; rentalId: number; amountPaise: number }
  /** Not ours, or not what our order asked for: nothing was changed. */
  | { outcome: 'unknown' }
  | { outcome: 'mismatch'; rentalId: number }
  /** An event already taken into account. */
  | { outcome: 'repeat' };

export const PAID = 'Payment received: your booking is confirmed.';
export const CHANGE_PAID = 'Payment received: your rental’s new dates are confirmed.';
export const refundedAfterLapse = (amountPaise: number) =>
  `Your payment arrived after the dates’ hold ended, and they have been booked since: the ${formatPaise(amountPaise)} is being refunded to you. Nothing is booked.`;

/** The last reason a rental's stage was moved for. */
async function lastStageReason(db: Executor, rentalId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('rental_stage_changes')
    .select('reason')
    .where('rental_id', '=', rentalId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.reason;
}

/** The dates a booking's charge pays for: the rental's own. */
async function rentalRange(db: Executor, rentalId: number) {
  return db
    .selectFrom('rentals')
    .select(['pick_up_date', 'drop_off_date'])
    .where('id', '=', rentalId)
    .executeTakeFirstOrThrow();
}

/**
 * A booking's charge paid: the rental holding its dates is confirmed for good. One that lapsed
 * unpaid is confirmed again while its dates are still free; otherwise (or when the customer
 * cancelled it meanwhile) the money goes back.
 */
async function settleBooking(trx: Executor, payment: PaymentRecord): Promise<Settlement & { refund?: number }> {
  if (payment.stage === 'confirmed') {
    if (payment.hold_expires_at !== null) await releaseHold(trx, payment.rental_id);
    return { outcome: 'confirmed', rentalId: payment.rental_id };
  }
  if (payment.stage === 'cancelled' && (await lastStageReason(trx, payment.rental_id)) === LAPSED_REASON) {
    const range = await rentalRange(trx, payment.rental_id);
    if ((await findOverlappingRange(trx, payment.vehicle_id, range)) === undefined) {
      await reviveLapsedRental(trx, payment.rental_id);
      return { outcome: 'confirmed', rentalId: payment.rental_id };
    }
  }
  const refund = await queueRefund(trx, payment, payment.amount_paise, 'lapse');
  return { outcome: 'refunded', rentalId: payment.rental_id, amountPaise: payment.amount_paise, refund };
}

/**
 * Takes a captured payment into account, once (docs/decisions/0031-payments.md): from the
 * browser's verify, a webhook, or the reconciliation sweep, whichever comes first; the others find
 * it settled and change nothing. The payment must be what our order asked for (order, amount,
 * currency) before anything moves. The car is locked first, then the payment and its rental (the
 * order every write takes, ADR 0022); a refund it decides on is sent after the commit.
 */
export async function settleCapture(
  context: PaymentsContext,
  captured: GatewayPayment,
  event?: { id: string; name: string },
): Promise<Settlement> {
  // A payment refunded since is still one that was captured (Razorpay keeps `captured: true`).
  if (!(captured.captured || captured.status === 'captured') || captured.order_id === undefined)
    return { outcome: 'unknown' };
  const found = await findPaymentByOrder(context.db, captured.order_id);
  if (found === undefined || found.kind !== 'charge') return { outcome: 'unknown' };
  if (captured.amount !== found.amount_paise || captured.currency !== 'INR') {
    context.log.error(
      { payment: found.id, order: captured.order_id, amount: captured.amount, currency: captured.currency },
      'a captured payment does not match its order: left for the desk',
    );
    return { outcome: 'mismatch', rentalId: found.rental_id };
  }

  const settled = await runInTransaction<Settlement & { refund?: number }>(context.db, async (trx) => {
    await lockVehicle(trx, context.engine, found.vehicle_id);
    const payment = await findPaymentForUpdate(trx, context.engine, { id: found.id });
    if (payment === undefined) return { outcome: 'unknown' as const };
    if (event !== undefined && !(await recordGatewayEvent(trx, event.id, event.name)))
      return { outcome: 'repeat' as const };
    if (payment.status === 'captured') return settledBefore(trx, payment);
    await updatePayment(trx, payment.id, {
      status: 'captured',
      gateway_payment_id: captured.id,
      reference: captured.id,
    });
    const charge = { ...payment, gateway_payment_id: captured.id };
    if (payment.purpose === 'change') {
      const changed = await applyDateChange(trx, charge);
      if (changed) return { outcome: 'confirmed' as const, rentalId: payment.rental_id };
      const refund = await queueRefund(trx, charge, payment.amount_paise, 'change');
      return { outcome: 'refunded' as const, rentalId: payment.rental_id, amountPaise: payment.amount_paise, refund };
    }
    return settleBooking(trx, charge);
  });
  if (settled.refund !== undefined) await sendRefund(context, settled.refund);
  if (settled.outcome === 'confirmed' || settled.outcome === 'refunded') await context.carChanged(found.vehicle_id);
  return settled;
}

/** A payment settled before: what it came to then. */
async function settledBefore(trx: Executor, payment: PaymentRecord): Promise<Settlement> {
  const refunded = await trx
    .selectFrom('payments')
    .select('amount_paise')
    .where('rental_id', '=', payment.rental_id)
    .where('kind', '=', 'refund')
    .where('gateway_payment_id', '=', payment.gateway_payment_id)
    .where('purpose', 'in', ['lapse', 'change'])
    .executeTakeFirst();
  return refunded === undefined
    ? { outcome: 'confirmed', rentalId: payment.rental_id }
    : { outcome: 'refunded', rentalId: payment.rental_id, amountPaise: refunded.amount_paise };
}

/**
 * An online charge whose hold ended unpaid: it lapses, and so does its booking's hold (its dates
 * are let go) or its change's held days. False when it was paid or settled meanwhile.
 */
export async function lapseCharge(context: PaymentsContext, paymentId: number): Promise<boolean> {
  const found = await findPayment(context.db, paymentId);
  if (found === undefined || found.status !== 'pending') return false;
  const lapsed = await runInTransaction(context.db, async (trx) => {
    await lockVehicle(trx, context.engine, found.vehicle_id);
    const payment = await findPaymentForUpdate(trx, context.engine, { id: paymentId });
    if (payment === undefined || payment.status !== 'pending') return false;
    await lapseLocked(trx, payment);
    return true;
  });
  if (lapsed) await context.carChanged(found.vehicle_id);
  return lapsed;
}

/** Lapses a pending charge under its car's lock, in the caller's transaction. */
export async function lapseLocked(trx: Executor, payment: PaymentRecord): Promise<void> {
  await updatePayment(trx, payment.id, { status: 'lapsed' });
  if (payment.purpose === 'change') await releaseChangeHolds(trx, payment);
  else await lapseHold(trx, payment.rental_id);
}
