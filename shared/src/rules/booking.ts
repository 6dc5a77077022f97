import type { BookingForm } from '../types';
import { AGE_MAX_EXCLUSIVE, AGE_MIN_EXCLUSIVE, EMAIL_PATTERN, PHONE_PATTERN, PINCODE_PATTERN } from './patterns';
import { BOOKING_LIMITS, checkDateRange } from './date-range';
import { MESSAGES } from './messages';
import { NOT_PLAIN_TEXT_HINT, isPlainText } from './plain-text';

export type BookingField = keyof BookingForm;
export type BookingErrors = Partial<Record<BookingField, string>>;

/** Upcoming or running rentals one account may hold at once (docs/decisions/0014-accounts-and-abuse.md). */
export const MAX_UPCOMING_RENTALS = 3;

const LIMIT_MESSAGES: readonly string[] = Object.values(BOOKING_LIMITS);

const isBlank = (value: string) => value.trim() === '';
const WHOLE_NUMBER = /^\d+$/;

/**
 * docs/product.md §5 for the booking form, field by field, with a hint for each wrong field.
 * `today` is the calendar date (`YYYY-MM-DD`) in the business time zone: a pick-up
 * on that day or later is accepted (the product description's comparison with the current moment
 * rejected today's date by accident of time of day; see docs/decisions).
 */
export function checkBookingForm(form: BookingForm, today: string): BookingErrors {
  const errors: BookingErrors = {};
  if (isBlank(form.name)) errors.name = 'Enter the driver’s name.';
  else if (!isPlainText(form.name)) errors.name = NOT_PLAIN_TEXT_HINT;

  const age = Number(form.age);
  if (!WHOLE_NUMBER.test(form.age.trim())) errors.age = 'Enter the driver’s age.';
  else if (!(age > AGE_MIN_EXCLUSIVE && age < AGE_MAX_EXCLUSIVE)) errors.age = 'Age must be between 1 and 119.';

  if (isBlank(form.email)) errors.email = 'Enter an email address.';
  else if (!EMAIL_PATTERN.test(form.email)) errors.email = 'Enter an email like name@example.com, without spaces.';
  else if (!isPlainText(form.email)) errors.email = NOT_PLAIN_TEXT_HINT;

  if (!PHONE_PATTERN.test(form.phone_no)) errors.phone_no = 'Enter exactly 10 digits.';
  if (isBlank(form.address)) errors.address = 'Enter an address.';
  else if (!isPlainText(form.address)) errors.address = NOT_PLAIN_TEXT_HINT;
  if (!PINCODE_PATTERN.test(form.pincode)) errors.pincode = 'Enter exactly 6 digits.';

  return { ...errors, ...checkDateRange(form, today) };
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
