import type { DepositMethod, RentalStage } from '@rentora/shared/operator';
import type { BookingRecord } from '../repositories/operator-bookings';
import { addDays, startOfDayIn } from '@rentora/shared/format';
import type { Engine } from '../db/connect';
import { isoTimestamp, storedTimestamp } from '../db/timestamps';
import { ApiError } from '../errors';
import { returnCharges } from '../money/return-charges';
import { readStoredQuote } from '../money/stored-quote';
import type { Executor } from '../repositories/executor';
import { findPickUp, findPickUpTime, recordPickUp, recordReturn } from '../repositories/handovers';
import { findRentalToInvoice } from '../repositories/invoices';
import { readSettings } from '../repositories/settings';
import { issueInvoice } from './invoices';

/** What the desk may send with a move to picked_up (hand-over) or completed (return); all optional. */
export interface HandoverDetails {
  odometer?: number;
  deposit?: { method: DepositMethod; reference?: string };
  returned_at?: string;
  tank_full?: boolean;
}

export interface HandoverContext {
  engine: Engine;
  /** Today in the business time zone, `YYYY-MM-DD`: the invoice's date. */
  today: () => string;
  timeZone: string;
  now: () => number;
}

const DETAILS_OF_MOVE: Partial<Record<RentalStage, readonly (keyof HandoverDetails)[]>> = {
  picked_up: ['odometer', 'deposit'],
  completed: ['odometer', 'returned_at', 'tank_full'],
};
/** A desk's clock may run a little ahead of the server's. */
const CLOCK_SKEW_MS = 5 * 60_000;
const ISO_TIME_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

export const DETAILS_FOR_MOVES =
  'odometer and deposit go with a move to picked_up; odometer, returned_at and tank_full with a move to completed.';
export const RETURN_TIME_FORMAT = 'returned_at must be a time with its zone, like 2026-12-10T18:30:00+05:30.';
export const RETURN_IN_FUTURE = 'returned_at cannot be in the future.';
export const returnBeforePickUp = (pickedUpAt: string) =>
  `returned_at cannot be before the car was handed over, at ${pickedUpAt}.`;
export const tooFarForDays = (distance: number, days: number, perDay: number) =>
  `The odometer readings make ${distance.toLocaleString('en-IN')} km in ${days} ${days === 1 ? 'day' : 'days'}: ` +
  `more than the ${(perDay * days).toLocaleString('en-IN')} km a return may record for that (${perDay.toLocaleString('en-IN')} km a day). Check the reading.`;
export const odometerBackwards = (atPickUp: number) =>
  `The odometer cannot read less at return than at pick-up (${atPickUp} km).`;

/** Refuses (400) details sent with a move they do not belong to, and a return time that is not one. */
export function checkHandoverDetails(to: RentalStage, details: HandoverDetails): void {
  const allowed = DETAILS_OF_MOVE[to] ?? [];
  const given = (Object.keys(details) as (keyof HandoverDetails)[]).filter((key) => details[key] !== undefined);
  if (given.some((key) => !allowed.includes(key))) throw new ApiError(400, DETAILS_FOR_MOVES);
  const { returned_at: returnedAt } = details;
  if (returnedAt !== undefined && (!ISO_TIME_WITH_ZONE.test(returnedAt) || Number.isNaN(Date.parse(returnedAt)))) {
    throw new ApiError(400, RETURN_TIME_FORMAT);
  }
}

/**
 * Records what the desk saw at a move (docs/decisions/0024-money.md), in the move's transaction:
 * at pick-up the odometer and the deposit taken; at return the odometer, the time and the tank,
 * then the charges they cost and the tax invoice. Answers what the audit entry adds.
 */
export async function recordHandover(
  context: HandoverContext,
  trx: Executor,
  booking: BookingRecord,
  to: RentalStage,
  details: HandoverDetails,
): Promise<Record<string, unknown>> {
  if (to === 'picked_up') {
    const { odometer, deposit } = details;
    if (odometer === undefined && deposit === undefined) return {};
    const taken = deposit && { method: deposit.method, reference: deposit.reference?.trim() ?? '' };
    await recordPickUp(trx, booking.id, {
      odometer: odometer ?? null,
      depositMethod: taken?.method ?? null,
      depositReference: taken?.reference ?? '',
    });
    return { odometer, deposit: taken };
  }
  if (to !== 'completed') return {};

  const now = context.now();
  const returnedAt = details.returned_at === undefined ? now : Date.parse(details.returned_at);
  if (returnedAt > now + CLOCK_SKEW_MS) throw new ApiError(400, RETURN_IN_FUTURE);
  const pickedUpAt = await findPickUpTime(trx, booking.id);
  // The stage's move is kept to the second (SQLite's CURRENT_TIMESTAMP): a return within that second stands.
  if (pickedUpAt !== undefined && returnedAt < Date.parse(isoTimestamp(pickedUpAt)))
    throw new ApiError(400, returnBeforePickUp(isoTimestamp(pickedUpAt)));
  const pickUp = await findPickUp(trx, booking.id);
  const odometer = details.odometer ?? null;
  const atPickUp = pickUp?.odometer ?? null;
  if (odometer !== null && atPickUp !== null) {
    if (odometer < atPickUp) throw new ApiError(400, odometerBackwards(atPickUp));
    const { max_km_per_day: perDay } = await readSettings(trx);
    if (odometer - atPickUp > perDay * booking.days)
      throw new ApiError(400, tooFarForDays(odometer - atPickUp, booking.days, perDay));
  }
  const tankFull = details.tank_full ?? null;
  await recordReturn(trx, booking.id, {
    odometer,
    returnedAt: storedTimestamp(context.engine, returnedAt),
    tankFull,
  });

  const rental = await findRentalToInvoice(trx, booking.id);
  const charges = returnCharges(readStoredQuote(rental).terms, {
    days: rental.days,
    pickUpOdometer: atPickUp,
    returnOdometer: odometer,
    // The car is the renter's until the drop-off day ends.
    dueAt: startOfDayIn(addDays(rental.drop_off_date, 1), context.timeZone),
    returnedAt,
    tankFull,
  });
  const invoice = await issueInvoice(trx, rental, context.today(), charges, pickUp?.depositMethod != null);
  return {
    ...(details.odometer === undefined ? {} : { odometer }),
    returned_at: new Date(returnedAt).toISOString(),
    ...(tankFull === null ? {} : { tank_full: tankFull }),
    invoice: invoice.number,
  };
}
