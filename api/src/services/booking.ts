import { createHash } from 'node:crypto';
import type { BookedRange, BookingForm, Quote } from '@rentora/shared';
import type { BusinessSettings } from '@rentora/shared/operator';
import type { OnlinePayment } from '@rentora/shared/payments';
import { formatDisplayDate, formatRupees, rentalDays } from '@rentora/shared/format';
import {
  MAX_UPCOMING_RENTALS,
  MESSAGES,
  bookingFormMessage,
  checkBookingForm,
  clashMessage,
} from '@rentora/shared/rules';
import type { Kysely } from 'kysely';
import type { Engine } from '../db/connect';
import type { BookingStatus, Database, VehicleRow } from '../db/schema';
import { runInTransaction } from '../db/transaction';
import { storedTimestamp } from '../db/timestamps';
import { isOverlapViolation } from '../db/violations';
import { ApiError, vehicleNotFound } from '../errors';
import { totalInRupees } from '../money/stored-quote';
import { recordAudit } from '../repositories/audit';
import { findStoredAnswer, storeAnswer } from '../repositories/idempotency';
import { insertPayment } from '../repositories/payments';
import {
  countCurrentRentals,
  findCurrentRental,
  findOverlappingRange,
  hasCurrentRental,
  insertRental,
  moveRentalStage,
} from '../repositories/rentals';
import { lockUser } from '../repositories/users';
import { findPricedVehicle, findVehicle, lockVehicle } from '../repositories/vehicles';
import { FEE_LABELS } from '../money/invoice';
import { cancellationOutcome, moneyTold, settleCancellation } from './payments/cancellation';
import { lapseEndedHolds } from './payments/lapse-holds';
import type { PaymentsContext } from './payments/payments-context';
import { sendRefund } from './payments/refunds';
import { OUT_OF_SERVICE, isPublic } from './bookable';
import { type BookingExtras, type PricingContext, priceBooking } from './booking-price';

export { OUT_OF_SERVICE };

export interface BookingContext {
  db: Kysely<Database>;
  engine: Engine;
  /** Today in the business time zone, `YYYY-MM-DD`. */
  today: () => string;
}

/** A booking answers 201 or 409; a cancellation 200. */
export interface Answer<Status extends number = BookingStatus> {
  statusCode: Status;
  message: string;
  /** With a 409 for a quote that no longer holds: the quote now. */
  quote?: Quote;
  /** With online payment on, a 201's rental awaits this charge (ADR 0031). */
  awaiting?: { rentalId: number; paymentId: number };
}

export const ALREADY_RENTING = 'You already have an active rental of this car. Cancel it before booking it again.';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different booking request.';
export const NOTHING_TO_CANCEL = 'You have no active rental of this car to cancel.';
export const BOOKING_CONTENDED = 'Many people are booking this car right now. Please try again.';
export const RENTAL_STARTED = 'This rental has started and can no longer be cancelled.';
export const CANCELLED_BY_CUSTOMER = 'Cancelled by the customer.';

export async function bookRide(
  context: BookingContext & PricingContext & { paymentsAvailable: boolean },
  userId: number,
  vehicleSlug: string,
  form: BookingForm,
  idempotencyKey: string | undefined,
  extras: BookingExtras = {},
): Promise<Answer> {
  // What a retry must repeat to get the stored answer; only a booking with a key needs it.
  const plain = Object.values(extras).every((value) => value === undefined);
  const asked = plain ? [vehicleSlug, form] : [vehicleSlug, form, extras];
  const fingerprint = () => createHash('sha256').update(JSON.stringify(asked)).digest('base64url');
  const replay = async (db: Kysely<Database>): Promise<Answer | undefined> => {
    if (idempotencyKey === undefined) return undefined;
    const stored = await findStoredAnswer(db, context.engine, userId, idempotencyKey);
    if (stored === undefined) return undefined;
    if (stored.fingerprint !== fingerprint()) throw new ApiError(422, KEY_REUSED);
    return {
      statusCode: stored.statusCode as BookingStatus,
      message: stored.message,
      ...(stored.answer === undefined ? {} : { awaiting: stored.answer as Answer['awaiting'] }),
    };
  };
  // A retry gets the first answer even when re-checking would now say otherwise (e.g. a day later).
  const earlier = await replay(context.db);
  if (earlier !== undefined) return earlier;

  const today = context.today();
  const errors = checkBookingForm(form, today);
  if (Object.keys(errors).length > 0) throw new ApiError(400, bookingFormMessage(errors));
  const vehicle = await findVehicle(context.db, vehicleSlug);
  if (vehicle === undefined || !isPublic(vehicle)) throw vehicleNotFound();
  // Read before the transaction: a read of the settings' cache inside it could wait on its own connection (SQLite).
  const settings = await context.settings();

  const wanted: BookedRange = { pick_up_date: form.pick_up_date, drop_off_date: form.drop_off_date };
  try {
    return await runInTransaction<Answer>(
      context.db,
      async (trx) => {
        // Always user, then car: one order of locks everywhere, so these two cannot deadlock.
        await lockUser(trx, context.engine, userId);
        // The status read before may be stale: a move off the road commits before this lock or waits for it.
        const status = await lockVehicle(trx, context.engine, vehicle.id);
        // Checked again under the lock: a concurrent retry may have answered meanwhile.
        const concurrent = await replay(trx);
        if (concurrent !== undefined) return concurrent;
        const answer = await decide(context, trx, userId, { ...vehicle, status }, form, today, { ...extras, settings });
        // A quote no longer holding is not kept: the retry that follows sends the new quote.
        if (idempotencyKey !== undefined && answer.quote === undefined)
          await storeAnswer(trx, context.engine, userId, idempotencyKey, {
            statusCode: answer.statusCode,
            message: answer.message,
            answer: answer.awaiting,
            fingerprint: fingerprint(),
          });
        return answer;
      },
      // Lost a deadlock or serialization race every time: the client may simply try again.
      () => ({ statusCode: 409, message: BOOKING_CONTENDED }),
    );
  } catch (error) {
    // Another instance booked the same dates between our check and our insert: the database said no.
    if (!isOverlapViolation(error)) throw error;
    const taken = await findOverlappingRange(context.db, vehicle.id, wanted);
    return { statusCode: 409, message: clashMessage(taken ?? wanted) };
  }
}

async function decide(
  context: PricingContext & { engine: Engine; paymentsAvailable: boolean },
  trx: Kysely<Database>,
  userId: number,
  vehicle: VehicleRow,
  form: BookingForm,
  today: string,
  { settings, ...extras }: BookingExtras & { settings: BusinessSettings },
): Promise<Answer> {
  if (!isPublic(vehicle)) throw vehicleNotFound();
  if (vehicle.status !== 'in_service') return { statusCode: 409, message: OUT_OF_SERVICE };
  if (await hasCurrentRental(trx, userId, vehicle.id, today)) return { statusCode: 409, message: ALREADY_RENTING };
  // Under the user's lock (or SQLite's one writer): two bookings at once cannot both pass the cap.
  if ((await countCurrentRentals(trx, userId, today)) >= MAX_UPCOMING_RENTALS) {
    return { statusCode: 409, message: MESSAGES.rentalLimit };
  }
  // Holds that ended unpaid let their dates go before this booking is checked against them.
  await lapseEndedHolds(trx, context.engine, vehicle.id, context.now());
  const taken = await findOverlappingRange(trx, vehicle.id, form);
  if (taken !== undefined) return { statusCode: 409, message: clashMessage(taken) };

  // Priced by the car as it is under the lock, read only now: most bookings stop at the checks above.
  const priced = await findPricedVehicle(trx, vehicle.id);
  const price = await priceBooking(context, trx, priced, form, extras, settings);
  if ('refused' in price) return { statusCode: 409, ...price.refused };
  const days = rentalDays(form.pick_up_date, form.drop_off_date);
  const totalPrice = totalInRupees(price.kept.total_paise);
  // Switched on without a gateway (its keys taken away since): booked as before, paid at the desk.
  const online = settings.online_payment !== 'off' && context.paymentsAvailable;
  const holdEnds = context.now() + settings.payment_hold_minutes * 60_000;
  const rentalId = await insertRental(trx, {
    user_id: userId,
    vehicle_id: vehicle.id,
    name: form.name.trim(),
    age: Number(form.age),
    email: form.email,
    phone_no: form.phone_no,
    address: form.address.trim(),
    pincode: form.pincode,
    pick_up_date: form.pick_up_date,
    drop_off_date: form.drop_off_date,
    days,
    total_price: totalPrice,
    stage: 'confirmed',
    quote: JSON.stringify(price.kept),
    ...(online ? { hold_expires_at: storedTimestamp(context.engine, holdEnds) } : {}),
  });
  if (!online) return { statusCode: 201, message: bookedMessage(priced.car_name, form, days, totalPrice) };
  const paymentId = await insertPayment(trx, {
    rentalId,
    kind: 'charge',
    purpose: 'booking',
    method: 'online',
    amountPaise: amountDueOnline(price.kept, settings.online_payment),
    status: 'pending',
    expiresAt: storedTimestamp(context.engine, holdEnds),
  });
  return {
    statusCode: 201,
    message: awaitingPaymentMessage(priced.car_name, form, settings.payment_hold_minutes),
    awaiting: { rentalId, paymentId },
  };
}

/** What a booking pays online: its total, and its deposit too when the business takes both. */
const amountDueOnline = (quote: { total_paise: number; deposit_paise: number }, mode: OnlinePayment) =>
  quote.total_paise + (mode === 'total_and_deposit' ? quote.deposit_paise : 0);

function awaitingPaymentMessage(carName: string, range: BookedRange, holdMinutes: number): string {
  const from = formatDisplayDate(range.pick_up_date);
  const to = formatDisplayDate(range.drop_off_date);
  return `${carName} is held for you from ${from} to ${to}: pay within ${holdMinutes} minutes to confirm it.`;
}

function bookedMessage(carName: string, range: BookedRange, days: number, totalPrice: number): string {
  const from = formatDisplayDate(range.pick_up_date);
  const to = formatDisplayDate(range.drop_off_date);
  return `${carName} is booked from ${from} to ${to}: ${days} ${days === 1 ? 'day' : 'days'}, ${formatRupees(totalPrice)} in total.`;
}

export interface CancelContext extends BookingContext {
  settings: () => Promise<BusinessSettings>;
  now: () => number;
  timeZone: string;
  /** Sends the refunds a cancellation queued; without a gateway there were no online payments to refund. */
  payments: PaymentsContext | undefined;
}

/**
 * The customer cancels their current rental of a car, while it is confirmed (not once picked up),
 * with a history entry and an audit entry in the same transaction, under the car's lock: what was
 * paid online is refunded by the cancellation policy (docs/decisions/0031-payments.md), a fee kept
 * gets its invoice, and the refund goes to the gateway once the cancellation is committed.
 */
export async function cancelRide(
  context: CancelContext,
  customer: { id: number; email: string },
  vehicleSlug: string,
): Promise<Answer<200>> {
  const vehicle = await findVehicle(context.db, vehicleSlug);
  if (vehicle === undefined) throw vehicleNotFound();
  const today = context.today();
  const { cancellation_policy: policy } = await context.settings();
  const { outcome, refunds, invoice } = await runInTransaction(context.db, async (trx) => {
    await lockVehicle(trx, context.engine, vehicle.id);
    const rental = await findCurrentRental(trx, customer.id, vehicle.id, today);
    if (rental === undefined) throw new ApiError(404, NOTHING_TO_CANCEL);
    if (rental.stage !== 'confirmed') throw new ApiError(409, RENTAL_STARTED);
    const moved = await moveRentalStage(trx, {
      rentalId: rental.id,
      from: 'confirmed',
      to: 'cancelled',
      by: customer.email,
      reason: CANCELLED_BY_CUSTOMER,
    });
    // An operator moved it between the read and the write (PostgreSQL): it is no longer cancellable.
    if (!moved) throw new ApiError(409, RENTAL_STARTED);
    const terms = await cancellationOutcome(trx, rental.id, policy, { now: context.now(), timeZone: context.timeZone });
    const settled = await settleCancellation(trx, rental.id, terms, today, FEE_LABELS.cancelled);
    // A stage move like an operator's, so the audit has it too, with the customer as who.
    await recordAudit(trx, {
      actor: customer.email,
      action: 'booking.stage_changed',
      subject: `booking:${rental.id}`,
      before: { stage: 'confirmed' },
      after: {
        stage: 'cancelled',
        reason: CANCELLED_BY_CUSTOMER,
        ...(terms.refund_paise + terms.fee_paise > 0
          ? { refund_paise: terms.refund_paise, fee_paise: terms.fee_paise, rule: terms.rule, invoice: settled.invoice }
          : {}),
      },
    });
    return { outcome: terms, ...settled };
  });
  if (context.payments !== undefined) for (const refund of refunds) await sendRefund(context.payments, refund);
  const money = moneyTold(outcome, invoice);
  return { statusCode: 200, message: money === '' ? MESSAGES.cancelSucceeded : `${MESSAGES.cancelSucceeded} ${money}` };
}
