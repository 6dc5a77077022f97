import { addDays, isRealIsoDate, rentalDays } from '../format/dates';
import type { BookedRange } from '../types';
import { ISO_DATE_PATTERN } from './patterns';

/** One user must not hold a car for months, nor block dates years ahead (docs/decisions/0008-booking-limits.md). */
export const MAX_RENTAL_DAYS = 30;
export const MAX_DAYS_AHEAD = 180;

export const BOOKING_LIMITS = {
  tooLong: `A rental can last at most ${MAX_RENTAL_DAYS} days.`,
  tooFarAhead: `Pick-up must be within the next ${MAX_DAYS_AHEAD} days.`,
} as const;

export const DATE_RANGE_MESSAGES = {
  choosePickUp: 'Choose a pick-up date.',
  chooseDropOff: 'Choose a drop-off date.',
  pickUpPast: 'Pick-up cannot be in the past.',
  dropOffBeforePickUp: 'Drop-off must be on or after pick-up.',
  ...BOOKING_LIMITS,
} as const;

export type DateRangeErrors = Partial<Record<keyof BookedRange, string>>;

/** The API's refusal of a field that is not a calendar day as `isIsoDate` takes it. */
export const notIsoDate = (field: string) => `${field} must be a real date written YYYY-MM-DD.`;

export function isIsoDate(value: string): boolean {
  return ISO_DATE_PATTERN.test(value) && isRealIsoDate(value);
}

/** The last day a pick-up may be on, from today in the business time zone. */
export function latestPickUp(today: string): string {
  return addDays(today, MAX_DAYS_AHEAD);
}

/** The last day a drop-off may be on for a pick-up: the rental lasts at most MAX_RENTAL_DAYS days. */
export function latestDropOff(pickUpDate: string): string {
  return addDays(pickUpDate, MAX_RENTAL_DAYS - 1);
}

/**
 * The rules every pick-up/drop-off pair obeys, wherever it is typed: the booking wizard, the
 * search forms and the API. `today` is `YYYY-MM-DD` in the business time zone; a pick-up on
 * that day is accepted, and both dates count (a same-day rental lasts one day).
 */
export function checkDateRange({ pick_up_date, drop_off_date }: BookedRange, today: string): DateRangeErrors {
  const errors: DateRangeErrors = {};
  const pickUpValid = isIsoDate(pick_up_date);
  if (!pickUpValid) errors.pick_up_date = DATE_RANGE_MESSAGES.choosePickUp;
  else if (pick_up_date < today) errors.pick_up_date = DATE_RANGE_MESSAGES.pickUpPast;
  else if (pick_up_date > latestPickUp(today)) errors.pick_up_date = DATE_RANGE_MESSAGES.tooFarAhead;

  if (!isIsoDate(drop_off_date)) errors.drop_off_date = DATE_RANGE_MESSAGES.chooseDropOff;
  else if (pickUpValid && drop_off_date < pick_up_date) errors.drop_off_date = DATE_RANGE_MESSAGES.dropOffBeforePickUp;
  else if (pickUpValid && rentalDays(pick_up_date, drop_off_date) > MAX_RENTAL_DAYS) {
    errors.drop_off_date = DATE_RANGE_MESSAGES.tooLong;
  }
  return errors;
}
