import type { BookedRange, Quote } from '@rentora/shared';
import type { DateChangeQuote, DateChangeRequest } from '@rentora/shared/date-change';
import type { BusinessSettings } from '@rentora/shared/operator';
import { addDays, formatDisplayDate, formatPaise, rentalDays, startOfDayIn } from '@rentora/shared/format';
import {
  BOOKING_LIMITS,
  CHANGE_AWAITING_PAYMENT,
  MAX_RENTAL_DAYS,
  checkDateRange,
  clashMessage,
} from '@rentora/shared/rules';
import type { Kysely } from 'kysely';
import type { Engine } from '../db/connect';
import type { Database } from '../db/schema';
import { isoTimestamp, storedTimestamp } from '../db/timestamps';
import { runInTransaction } from '../db/transaction';
import { isOverlapViolation } from '../db/violations';
import { ApiError, NO_SUCH_RENTAL } from '../errors';
import { cancellationTerms } from '../money/cancellation-terms';
import { type StoredQuote, policyPickUpDate, readStoredQuote, totalInRupees } from '../money/stored-quote';
import { recordAudit } from '../repositories/audit';
import { insertBlock } from '../repositories/blocks';
import type { Executor } from '../repositories/executor';
import {
  insertPayment,
  listPendingCharges,
  listRefundableCharges,
  onlinePaidStillHeld,
} from '../repositories/payments';
import { HOLDING_STAGES, findPricedVehicle, lockVehicle } from '../repositories/vehicles';
import { OUT_OF_SERVICE } from './bookable';
import { type PricingContext, priceBooking } from './booking-price';
import { type DateChange, changeOf, moveRental } from './payments/date-change-holds';
import { lapseEndedHolds } from './payments/lapse-holds';
import type { PaymentsContext } from './payments/payments-context';
import { queueRefund, sendRefund } from './payments/refunds';
import { lapseLocked } from './payments/settle';
import { priceFor, sealQuote } from './quotes';

export const notChangeable = (stage: string) =>
  `This rental’s dates can no longer be changed: it is ${stage.replace('_', ' ')}.`;
export const RENTAL_ENDED = 'This rental has ended: its dates can no longer be changed.';
export const AWAITING_BOOKING_PAYMENT = 'Pay for this booking first: its dates can be changed once it is confirmed.';
export const PICK_UP_KEPT = 'This rental is under way: only its drop-off date can change.';
export const DROP_OFF_PAST = 'Drop-off cannot be in the past.';
export const SAME_DATES = 'These are the rental’s dates already.';
export const CHANGE_CONTENDED = 'Many people are booking this car right now. Please try again.';

export interface ChangeContext extends PricingContext {
  db: Kysely<Database>;
  engine: Engine;
  /** Today in the business time zone, `YYYY-MM-DD`. */
  today: () => string;
  timeZone: string;
  /** The gateway, when there is one: refunds are sent through it, and online payment can be on. */
  payments: PaymentsContext | undefined;
}

/** A rental as a change of its dates reads it. */
async function findRental(db: Executor, rentalId: number) {
  return db
    .selectFrom('rentals')
    .innerJoin('vehicles', 'vehicles.id', 'rentals.vehicle_id')
    .select([
      'rentals.id',
      'rentals.user_id',
      'rentals.vehicle_id',
      'rentals.stage',
      'rentals.pick_up_date',
      'rentals.drop_off_date',
      'rentals.days',
      'rentals.total_price',
      'rentals.quote',
      'rentals.created_at',
      'rentals.hold_expires_at',
      'vehicles.slug',
      'vehicles.car_name',
      'vehicles.status',
    ])
    .where('rentals.id', '=', rentalId)
    .executeTakeFirst();
}
type ChangingRental = NonNullable<Awaited<ReturnType<typeof findRental>>>;

/** The rental, for its own customer only: anyone else is told there is no such rental. */
async function customersRental(db: Executor, rentalId: number, customerId: number): Promise<ChangingRental> {
  const rental = await findRental(db, rentalId);
  if (rental === undefined || rental.user_id !== customerId) throw new ApiError(404, NO_SUCH_RENTAL);
  return rental;
}

/**
 * What a change may ask (docs/product.md §11): an upcoming rental, confirmed and paid, may move
 * within the booking's limits; one under way keeps its pick-up and may move its drop-off to today
 * or later, for at most MAX_RENTAL_DAYS days in all.
 */
function checkChange(rental: ChangingRental, wanted: BookedRange, today: string): void {
  if (rental.stage !== 'confirmed' && rental.stage !== 'picked_up')
    throw new ApiError(409, notChangeable(rental.stage));
  if (rental.stage === 'confirmed' && rental.drop_off_date < today) throw new ApiError(409, RENTAL_ENDED);
  if (rental.hold_expires_at !== null) throw new ApiError(409, AWAITING_BOOKING_PAYMENT);
  if (rental.stage === 'confirmed') {
    const [problem] = Object.values(checkDateRange(wanted, today));
    if (problem !== undefined) throw new ApiError(400, problem);
  } else {
    if (wanted.pick_up_date !== rental.pick_up_date) throw new ApiError(400, PICK_UP_KEPT);
    if (wanted.drop_off_date < today) throw new ApiError(400, DROP_OFF_PAST);
    if (rentalDays(wanted.pick_up_date, wanted.drop_off_date) > MAX_RENTAL_DAYS)
      throw new ApiError(400, BOOKING_LIMITS.tooLong);
  }
  if (wanted.pick_up_date === rental.pick_up_date && wanted.drop_off_date === rental.drop_off_date)
    throw new ApiError(400, SAME_DATES);
  if (rental.status !== 'in_service') throw new ApiError(409, OUT_OF_SERVICE);
}

/**
 * A change still waiting for its payment blocks another (its payment, arriving later, would move
 * the rental to its dates); one whose hold has ended lapses first, letting its held days go.
 */
async function clearEndedChange(trx: Executor, rentalId: number, now: number): Promise<void> {
  for (const charge of await listPendingCharges(trx, rentalId)) {
    if (charge.purpose !== 'change') continue;
    const ended = charge.expires_at !== null && Date.parse(isoTimestamp(charge.expires_at)) <= now;
    if (!ended) throw new ApiError(409, CHANGE_AWAITING_PAYMENT);
    await lapseLocked(trx, charge);
  }
}

/** The days of `wanted` another rental of the car, or a block, holds: the first such overlap, the rental itself left out. */
async function takenDays(
  db: Executor,
  vehicleId: number,
  rentalId: number,
  wanted: BookedRange,
  ownHeldBlocks: readonly number[] = [],
): Promise<BookedRange | undefined> {
  const rental = await db
    .selectFrom('rentals')
    .select(['pick_up_date', 'drop_off_date'])
    .where('vehicle_id', '=', vehicleId)
    .where('id', '!=', rentalId)
    .where('stage', 'in', HOLDING_STAGES)
    .where('pick_up_date', '<=', wanted.drop_off_date)
    .where('drop_off_date', '>=', wanted.pick_up_date)
    .orderBy('pick_up_date')
    .executeTakeFirst();
  const block = await db
    .selectFrom('vehicle_blocks')
    .select(['start_date as pick_up_date', 'end_date as drop_off_date'])
    .where('vehicle_id', '=', vehicleId)
    .where('start_date', '<=', wanted.drop_off_date)
    .where('end_date', '>=', wanted.pick_up_date)
    .$if(ownHeldBlocks.length > 0, (query) => query.where('id', 'not in', ownHeldBlocks))
    .orderBy('start_date')
    .executeTakeFirst();
  const [first] = [rental, block]
    .filter((range) => range !== undefined)
    .sort((a, b) => a.pick_up_date.localeCompare(b.pick_up_date));
  if (first === undefined) return undefined;
  // Only the days asked for that are taken: the customer needs those, not the other rental's.
  return {
    pick_up_date: first.pick_up_date > wanted.pick_up_date ? first.pick_up_date : wanted.pick_up_date,
    drop_off_date: first.drop_off_date < wanted.drop_off_date ? first.drop_off_date : wanted.drop_off_date,
  };
}

/** The days `wanted` adds to `current`: none, one or two ranges, each held by a block while the change is paid for. */
export function addedDays(current: BookedRange, wanted: BookedRange): BookedRange[] {
  // Wholly apart from the current range: every day of it is new.
  if (wanted.drop_off_date < current.pick_up_date || wanted.pick_up_date > current.drop_off_date) return [wanted];
  const added: BookedRange[] = [];
  if (wanted.pick_up_date < current.pick_up_date)
    added.push({ pick_up_date: wanted.pick_up_date, drop_off_date: addDays(current.pick_up_date, -1) });
  if (wanted.drop_off_date > current.drop_off_date)
    added.push({ pick_up_date: addDays(current.drop_off_date, 1), drop_off_date: wanted.drop_off_date });
  return added;
}

/** How the difference would be settled: paid online, refunded by the policy, or left to the desk. */
interface Settlement {
  pay_now_paise: number;
  refund_paise: number;
  fee_paise: number;
  rule: string;
}

/**
 * What changing to `total` settles. More to pay with online payment on is paid online before the
 * change holds. Less to pay gives back what was paid online above the new total, by the
 * cancellation policy as if those days were cancelled now: timed by the pick-up, or for a rental
 * under way by the first day given up.
 */
async function settlementOf(
  db: Executor,
  rental: ChangingRental,
  wanted: BookedRange,
  previous: StoredQuote,
  total: number,
  settings: BusinessSettings,
  clock: { now: number; timeZone: string; online: boolean },
): Promise<Settlement> {
  const difference = total - previous.total_paise;
  if (difference > 0 && clock.online)
    return {
      pay_now_paise: difference,
      refund_paise: 0,
      fee_paise: 0,
      rule: `Pay the difference online to confirm the new dates; they are held for ${settings.payment_hold_minutes} minutes.`,
    };
  if (difference >= 0)
    return {
      pay_now_paise: 0,
      refund_paise: 0,
      fee_paise: 0,
      rule: difference === 0 ? 'The total stays the same.' : 'The difference is paid at the rental desk.',
    };
  const paidPaise = await onlinePaidStillHeld(db, rental.id);
  const paidAboveTotal = Math.max(0, Math.min(paidPaise, previous.total_paise) - total);
  if (paidAboveTotal === 0)
    return { pay_now_paise: 0, refund_paise: 0, fee_paise: 0, rule: 'The rental desk settles the lower total.' };
  const firstDayGivenUp =
    rental.stage === 'picked_up' ? addDays(wanted.drop_off_date, 1) : policyPickUpDate(rental, previous);
  const terms = cancellationTerms(settings.cancellation_policy, {
    paidPaise: Math.min(-difference, paidAboveTotal),
    bookedAt: Date.parse(isoTimestamp(rental.created_at)),
    pickUpAt: startOfDayIn(firstDayGivenUp, clock.timeZone),
    now: clock.now,
  });
  return { pay_now_paise: 0, ...terms };
}

/**
 * The pick-up day the policy is timed from once the rental moves to `wanted`: the new pick-up when
 * cancelling now would still refund everything, else the earlier of the two (a change inside a fee
 * tier keeps that tier's timing; docs/decisions/0031-payments.md).
 */
function policyDateAfter(
  rental: ChangingRental,
  previous: StoredQuote,
  wanted: BookedRange,
  settings: BusinessSettings,
  now: number,
  timeZone: string,
): string {
  const timedFrom = policyPickUpDate(rental, previous);
  const freeNow =
    cancellationTerms(settings.cancellation_policy, {
      // Any amount: only whether the policy would keep a fee now matters.
      paidPaise: 100,
      bookedAt: Date.parse(isoTimestamp(rental.created_at)),
      pickUpAt: startOfDayIn(timedFrom, timeZone),
      now,
    }).fee_paise === 0;
  return freeNow || wanted.pick_up_date < timedFrom ? wanted.pick_up_date : timedFrom;
}

/** The rental's own add-ons and GSTIN, priced again for the new dates. */
const extrasOf = (quote: StoredQuote, quoteId: string | undefined) => ({
  quote_id: quoteId,
  add_ons: quote.add_ons.map((addOn) => addOn.id),
  gstin: quote.gstin ?? undefined,
});

const isOnline = (context: ChangeContext, settings: BusinessSettings) =>
  settings.online_payment !== 'off' && context.payments !== undefined;

/**
 * `GET /api/rentals/{id}/change`: what the new dates would cost and how the difference would be
 * settled, checked as the change itself checks them (400, 404, 409) and priced by the same code.
 * Writes nothing; its quote's id may be sent with the change as `quote_id`.
 */
export async function previewDateChange(
  context: ChangeContext,
  customerId: number,
  rentalId: number,
  wanted: BookedRange,
): Promise<DateChangeQuote> {
  const rental = await customersRental(context.db, rentalId, customerId);
  checkChange(rental, wanted, context.today());
  const now = context.now();
  // An earlier change whose hold has ended lets its held days go when this one is made: they are not in the way.
  const endedHolds: number[] = [];
  for (const charge of await listPendingCharges(context.db, rental.id)) {
    if (charge.purpose !== 'change') continue;
    const ended = charge.expires_at !== null && Date.parse(isoTimestamp(charge.expires_at)) <= now;
    if (!ended) throw new ApiError(409, CHANGE_AWAITING_PAYMENT);
    endedHolds.push(...(changeOf(charge)?.held_block_ids ?? []));
  }
  const taken = await takenDays(context.db, rental.vehicle_id, rental.id, wanted, endedHolds);
  if (taken !== undefined) throw new ApiError(409, clashMessage(taken));
  const settings = await context.settings();
  const previous = readStoredQuote(rental);
  const vehicle = await findPricedVehicle(context.db, rental.vehicle_id);
  const pricing = await priceFor(context.db, vehicle, { ...wanted, ...extrasOf(previous, undefined) }, settings);
  const total = pricing.price.total_paise;
  const settlement = await settlementOf(context.db, rental, wanted, previous, total, settings, {
    now,
    timeZone: context.timeZone,
    online: isOnline(context, settings),
  });
  return {
    quote: sealQuote(context.seals, pricing, now),
    previous_total_paise: previous.total_paise,
    total_paise: total,
    difference_paise: total - previous.total_paise,
    ...settlement,
  };
}

export type ChangeOutcome =
  | {
      kind: 'changed';
      rentalId: number;
      vehicleSlug: string;
      message: string;
      range: BookedRange;
      totalPaise: number;
      differencePaise: number;
      refundPaise: number;
    }
  | {
      kind: 'awaiting_payment';
      rentalId: number;
      vehicleSlug: string;
      message: string;
      range: BookedRange;
      totalPaise: number;
      differencePaise: number;
      paymentId: number;
    }
  /** A quote sent that no longer holds: the quote now. */
  | { kind: 'stale_quote'; message: string; quote: Quote };

/**
 * `POST /api/rentals/{id}/change` (docs/decisions/0031-payments.md). Under the car's lock (the
 * order every write takes, ADR 0022), the rental is checked again, holds that ended are let go,
 * the new days are checked against every other rental and block of the car, and the change is
 * priced again by the booking's code with the length discount of the new length. More to pay
 * online opens a 'change' payment whose added days are held by blocks until it is paid
 * (settle.ts applies it); otherwise the rental moves at once, and what was paid online above its
 * new total is refunded by the cancellation policy, once (each refund its own key), after the
 * commit. Audited as the customer's own change of the booking.
 */
export async function changeDates(
  context: ChangeContext,
  customer: { id: number; email: string },
  rentalId: number,
  request: DateChangeRequest,
): Promise<ChangeOutcome> {
  const wanted: BookedRange = { pick_up_date: request.pick_up_date, drop_off_date: request.drop_off_date };
  const found = await customersRental(context.db, rentalId, customer.id);
  const today = context.today();
  // Read before the transaction: a read of the settings' cache inside it could wait on its own connection (SQLite).
  const settings = await context.settings();
  const online = isOnline(context, settings);
  let outcome: ChangeOutcome & { refunds?: number[] };
  try {
    outcome = await runInTransaction(
      context.db,
      async (trx) => {
        await lockVehicle(trx, context.engine, found.vehicle_id);
        const rental = await customersRental(trx, rentalId, customer.id);
        checkChange(rental, wanted, today);
        const now = context.now();
        await clearEndedChange(trx, rental.id, now);
        await lapseEndedHolds(trx, context.engine, rental.vehicle_id, now);
        const taken = await takenDays(trx, rental.vehicle_id, rental.id, wanted);
        if (taken !== undefined) throw new ApiError(409, clashMessage(taken));

        const previous = readStoredQuote(rental);
        const vehicle = await findPricedVehicle(trx, rental.vehicle_id);
        const price = await priceBooking(context, trx, vehicle, wanted, extrasOf(previous, request.quote_id), settings);
        if ('refused' in price) return { kind: 'stale_quote' as const, ...price.refused };
        const kept = price.kept;
        const settlement = await settlementOf(trx, rental, wanted, previous, kept.total_paise, settings, {
          now,
          timeZone: context.timeZone,
          online,
        });
        const days = rentalDays(wanted.pick_up_date, wanted.drop_off_date);
        const keptFee = (previous.kept_fee_paise ?? 0) + settlement.fee_paise;
        const quote = {
          ...kept,
          policy_pick_up_date: policyDateAfter(rental, previous, wanted, settings, now, context.timeZone),
          ...(keptFee > 0 && { kept_fee_paise: keptFee }),
        };
        const change = { ...wanted, days, total_price: totalInRupees(kept.total_paise), quote };
        const before = {
          pick_up_date: rental.pick_up_date,
          drop_off_date: rental.drop_off_date,
          total_paise: previous.total_paise,
        };
        const common = {
          rentalId: rental.id,
          vehicleSlug: rental.slug,
          range: wanted,
          totalPaise: kept.total_paise,
          differencePaise: kept.total_paise - previous.total_paise,
        };

        if (settlement.pay_now_paise > 0) {
          const holdEnds = now + settings.payment_hold_minutes * 60_000;
          const blocks = [];
          for (const range of addedDays(rental, wanted)) {
            blocks.push(
              await insertBlock(trx, {
                vehicle_id: rental.vehicle_id,
                start_date: range.pick_up_date,
                end_date: range.drop_off_date,
                reason: 'other',
                note: `Held for booking ${rental.id}’s change of dates until it is paid.`,
                created_by: customer.email,
              }),
            );
          }
          const paymentId = await insertPayment(trx, {
            rentalId: rental.id,
            kind: 'charge',
            purpose: 'change',
            method: 'online',
            amountPaise: settlement.pay_now_paise,
            status: 'pending',
            expiresAt: storedTimestamp(context.engine, holdEnds),
            changeRequest: JSON.stringify({
              ...change,
              held_block_ids: blocks.map((block) => block.id),
              from: { pick_up_date: rental.pick_up_date, drop_off_date: rental.drop_off_date },
            } satisfies DateChange),
          });
          await recordAudit(trx, {
            actor: customer.email,
            action: 'booking.dates_change_held',
            subject: `booking:${rental.id}`,
            before,
            after: { ...wanted, total_paise: kept.total_paise, payment_id: paymentId },
          });
          return {
            kind: 'awaiting_payment' as const,
            ...common,
            paymentId,
            message: `${rental.car_name} is held for you from ${formatDisplayDate(wanted.pick_up_date)} to ${formatDisplayDate(wanted.drop_off_date)}: pay ${formatPaise(settlement.pay_now_paise)} within ${settings.payment_hold_minutes} minutes to confirm the new dates.`,
          };
        }

        await moveRental(trx, rental.id, change);
        const refunds = await queueChangeRefunds(trx, rental.id, settlement.refund_paise);
        await recordAudit(trx, {
          actor: customer.email,
          action: 'booking.dates_changed',
          subject: `booking:${rental.id}`,
          before,
          after: {
            ...wanted,
            total_paise: kept.total_paise,
            ...(settlement.refund_paise + settlement.fee_paise > 0
              ? { refund_paise: settlement.refund_paise, fee_paise: settlement.fee_paise, rule: settlement.rule }
              : {}),
          },
        });
        return {
          kind: 'changed' as const,
          ...common,
          refundPaise: settlement.refund_paise,
          refunds,
          message: changedMessage(rental.car_name, wanted, days, kept.total_paise, settlement),
        };
      },
      () => {
        throw new ApiError(409, CHANGE_CONTENDED);
      },
    );
  } catch (error) {
    // Another instance took the days between our check and our write: the database said no.
    if (!isOverlapViolation(error) && !isBlockOverlap(error)) throw error;
    const taken = await takenDays(context.db, found.vehicle_id, found.id, wanted);
    throw new ApiError(409, clashMessage(taken ?? wanted));
  }
  if (outcome.kind === 'changed' && context.payments !== undefined)
    for (const refund of outcome.refunds ?? []) await sendRefund(context.payments, refund);
  return outcome;
}

const isBlockOverlap = (error: unknown) => error instanceof Error && /vehicle_blocks_no_overlap/.test(error.message);

/** Queues the refund against the rental's captured online charges, newest first, each refund its own key. */
async function queueChangeRefunds(trx: Executor, rentalId: number, refundPaise: number): Promise<number[]> {
  const refunds: number[] = [];
  let left = refundPaise;
  for (const charge of await listRefundableCharges(trx, rentalId)) {
    if (left <= 0) break;
    const amount = Math.min(left, charge.amount_paise - charge.refunded_paise);
    const queued = await queueRefund(trx, charge, amount, 'change');
    if (queued !== undefined) refunds.push(queued);
    left -= amount;
  }
  return refunds;
}

function changedMessage(
  carName: string,
  range: BookedRange,
  days: number,
  totalPaise: number,
  settlement: Settlement,
): string {
  const from = formatDisplayDate(range.pick_up_date);
  const to = formatDisplayDate(range.drop_off_date);
  const parts = [
    `${carName} is now booked from ${from} to ${to}: ${days} ${days === 1 ? 'day' : 'days'}, ${formatPaise(totalPaise)} in total.`,
  ];
  if (settlement.refund_paise > 0)
    parts.push(`${formatPaise(settlement.refund_paise)} will be refunded to how you paid.`);
  if (settlement.fee_paise > 0) parts.push(`${formatPaise(settlement.fee_paise)} is kept by the cancellation policy.`);
  return parts.join(' ');
}
