import {
  addDays,
  AGE_MAX_EXCLUSIVE,
  AGE_MIN_EXCLUSIVE,
  isRealIsoDate,
  MAX_DAYS_AHEAD,
  MAX_RENTAL_DAYS,
  type BookingField,
  type BookingForm,
  type User,
} from '@rentora/shared';
import type { HTMLInputTypeAttribute, HTMLAttributes } from 'react';

/** Where a date field's earliest choosable day comes from. */
export type EarliestDay = 'today' | 'pick-up date';

export interface FieldSpec {
  name: BookingField;
  /** The product description's label, exact (docs/product.md §2, Book Ride modal). */
  label: string;
  type: HTMLInputTypeAttribute;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  /** A number field's bounds, as the browser's own controls offer them. */
  min?: number;
  max?: number;
  /** A date field's earliest day: today, or the pick-up date once that is later than today. */
  earliest?: EarliestDay;
}

export interface StepSpec {
  /** Short name read out by the progress bar. */
  name: string;
  legend: string;
  fields: readonly FieldSpec[];
}

/** The four input steps of the wizard; step 4 is the result card. */
export const BOOKING_STEPS: readonly StepSpec[] = [
  {
    name: 'Driver',
    legend: 'Who’s driving?',
    fields: [
      { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
      {
        name: 'age',
        label: 'Age',
        type: 'number',
        inputMode: 'numeric',
        min: AGE_MIN_EXCLUSIVE + 1,
        max: AGE_MAX_EXCLUSIVE - 1,
      },
    ],
  },
  {
    name: 'Contact',
    legend: 'How can we reach you?',
    fields: [
      { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
      { name: 'phone_no', label: 'Phone Number', type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' },
    ],
  },
  {
    name: 'Address',
    legend: 'Where should we find you?',
    fields: [
      { name: 'address', label: 'Address', type: 'text', autoComplete: 'street-address' },
      { name: 'pincode', label: 'Pin Code', type: 'text', inputMode: 'numeric', autoComplete: 'postal-code' },
    ],
  },
  {
    name: 'Dates',
    legend: 'When do you need it?',
    fields: [
      { name: 'pick_up_date', label: 'Pick-Up Date', type: 'date', earliest: 'today' },
      { name: 'drop_off_date', label: 'Drop-Off Date', type: 'date', earliest: 'pick-up date' },
    ],
  },
];

export const INPUT_STEP_COUNT = BOOKING_STEPS.length;
export const RESULT_STEP = INPUT_STEP_COUNT;
/** The last input step: the dates, their calendar and the car's booked days. */
export const DATES_STEP = RESULT_STEP - 1;

/** The step that holds a field, for jumping back to fix it. */
export function stepOf(field: BookingField): number {
  return BOOKING_STEPS.findIndex((step) => step.fields.some((spec) => spec.name === field));
}

export function labelOf(field: BookingField): string {
  return BOOKING_STEPS.flatMap((step) => step.fields).find((spec) => spec.name === field)?.label ?? field;
}

/** The attributes of a field's input, from its spec and what the form holds so far. */
export function inputAttributes(
  { name, label, type, inputMode, autoComplete, min, max, earliest }: FieldSpec,
  form: BookingForm,
  today: string,
) {
  if (!earliest) return { name, label, type, inputMode, autoComplete, required: true, min, max };
  // A date field offers only what the booking rules allow: pick-up within MAX_DAYS_AHEAD, a rental of at most MAX_RENTAL_DAYS.
  const fromPickUp = earliest === 'pick-up date' && isRealIsoDate(form.pick_up_date) && form.pick_up_date > today;
  const floor = fromPickUp ? form.pick_up_date : today;
  const ceiling = earliest === 'today' ? addDays(today, MAX_DAYS_AHEAD) : addDays(floor, MAX_RENTAL_DAYS - 1);
  return { name, label, type, inputMode, autoComplete, required: true, min: floor, max: ceiling };
}

export function emptyBookingForm(user: User | null): BookingForm {
  return {
    name: user?.name ?? '',
    age: '',
    email: user?.email ?? '',
    phone_no: '',
    address: '',
    pincode: '',
    pick_up_date: '',
    drop_off_date: '',
  };
}
