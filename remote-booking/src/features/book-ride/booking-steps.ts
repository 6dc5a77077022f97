import type { BookingField, BookingForm, User } from '@rentora/shared';
import type { HTMLInputTypeAttribute, HTMLAttributes } from 'react';

export interface FieldSpec {
  name: BookingField;
  /** The SPEC's label, exact (SPEC §2, Book Ride modal). */
  label: string;
  type: HTMLInputTypeAttribute;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
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
      { name: 'age', label: 'Age', type: 'number', inputMode: 'numeric' },
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
      { name: 'pick_up_date', label: 'Pick-Up Date', type: 'date' },
      { name: 'drop_off_date', label: 'Drop-Off Date', type: 'date' },
    ],
  },
];

export const INPUT_STEP_COUNT = BOOKING_STEPS.length;
export const RESULT_STEP = INPUT_STEP_COUNT;

/** The step that holds a field, for jumping back to fix it. */
export function stepOf(field: BookingField): number {
  return BOOKING_STEPS.findIndex((step) => step.fields.some((spec) => spec.name === field));
}

export function labelOf(field: BookingField): string {
  return BOOKING_STEPS.flatMap((step) => step.fields).find((spec) => spec.name === field)?.label ?? field;
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
