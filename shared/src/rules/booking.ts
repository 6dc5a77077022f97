import type { BookingForm } from '../types';
import {
  AGE_MAX_EXCLUSIVE,
  AGE_MIN_EXCLUSIVE,
  EMAIL_PATTERN,
  ISO_DATE_PATTERN,
  PHONE_PATTERN,
  PINCODE_PATTERN,
} from './patterns';
import { addDays, isRealIsoDate, rentalDays } from '../format/dates';
import { MESSAGES } from './messages';

export type BookingField = keyof BookingForm;
export type BookingErrors = Partial<Record<BookingField, string>>;

/** One user must not hold a car for months, nor block dates years ahead (docs/decisions/0008-booking-limits.md). */
export const MAX_RENTAL_DAYS = 30;
export const MAX_DAYS_AHEAD = 180;

export const BOOKING_LIMITS = {
  tooLong: `A rental can last at most ${MAX_RENTAL_DAYS} days.`,
  tooFarAhead: `Pick-up must be within the next ${MAX_DAYS_AHEAD} days.`,
} as const;

const LIMIT_MESSAGES: readonly string[] = Object.values(BOOKING_LIMITS);

const isBlank = (value: string) => value.trim() === '';
const WHOLE_NUMBER = /^\d+$/;

/**
 * SPEC §5 for the booking form, field by field, with a hint for each wrong field.
 * `today` is the calendar date (`YYYY-MM-DD`) in the business time zone: a pick-up
 * on that day or later is accepted (the SPEC's comparison with the current moment
 * rejected today's date by accident of time of day; see docs/decisions).
 */
export function checkBookingForm(form: BookingForm, today: string): BookingErrors {
  const errors: BookingErrors = {};
  if (isBlank(form.name)) errors.name = 'Enter the driver’s name.';

  const age = Number(form.age);
  if (!WHOLE_NUMBER.test(form.age.trim())) errors.age = 'Enter the driver’s age.';
  else if (!(age > AGE_MIN_EXCLUSIVE && age < AGE_MAX_EXCLUSIVE)) errors.age = 'Age must be between 1 and 119.';

  if (isBlank(form.email)) errors.email = 'Enter an email address.';
  else if (!EMAIL_PATTERN.test(form.email)) errors.email = 'Enter an email like name@example.com, without spaces.';

  if (!PHONE_PATTERN.test(form.phone_no)) errors.phone_no = 'Enter exactly 10 digits.';
  if (isBlank(form.address)) errors.address = 'Enter an address.';
  if (!PINCODE_PATTERN.test(form.pincode)) errors.pincode = 'Enter exactly 6 digits.';

  const pickUpValid = isIsoDate(form.pick_up_date);
  const dropOffValid = isIsoDate(form.drop_off_date);
  if (!pickUpValid) errors.pick_up_date = 'Choose a pick-up date.';
  else if (form.pick_up_date < today) errors.pick_up_date = 'Pick-up cannot be in the past.';
  else if (form.pick_up_date > addDays(today, MAX_DAYS_AHEAD)) errors.pick_up_date = BOOKING_LIMITS.tooFarAhead;
  if (!dropOffValid) errors.drop_off_date = 'Choose a drop-off date.';
  else if (pickUpValid && form.drop_off_date < form.pick_up_date) {
    errors.drop_off_date = 'Drop-off must be on or after pick-up.';
  } else if (pickUpValid && rentalDays(form.pick_up_date, form.drop_off_date) > MAX_RENTAL_DAYS) {
    errors.drop_off_date = BOOKING_LIMITS.tooLong;
  }
  return errors;
}

/**
 * The one message for a form that fails: a broken limit is named when it is the only problem
 * (the client's own checks let nothing else through), else the generic form message.
 */
export function bookingFormMessage(errors: BookingErrors): string {
  const [first, ...others] = Object.values(errors);
  const isLimit = (message: string) => LIMIT_MESSAGES.includes(message);
  return first !== undefined && isLimit(first) && others.every(isLimit) ? first : MESSAGES.invalidBookingForm;
}

export function isBookingFormValid(form: BookingForm, today: string): boolean {
  return Object.keys(checkBookingForm(form, today)).length === 0;
}

function isIsoDate(value: string): boolean {
  return ISO_DATE_PATTERN.test(value) && isRealIsoDate(value);
}
