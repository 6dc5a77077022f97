import type { BookedRange, BookingField, BookingForm, Quote, User, BookingPayment } from '@rentora/shared';
import type { BookingOutcome } from './booking-result';
import { emptyBookingForm, RESULT_STEP } from './booking-steps';

export interface BookingWizardState {
  form: BookingForm;
  /** 0 to RESULT_STEP - 1 are the input steps; RESULT_STEP is the result card. */
  step: number;
  /** Fields the user has left once: their hints show from then on. */
  touched: ReadonlySet<BookingField>;
  /** After a refused submit every hint shows, touched or not. */
  revealAllHints: boolean;
  outcome: BookingOutcome | null;
}

export type BookingWizardAction =
  | { type: 'edit'; field: BookingField; value: string }
  | { type: 'pickDates'; range: BookedRange }
  | { type: 'leave'; field: BookingField }
  | { type: 'prefill'; user: User }
  | { type: 'move'; step: number }
  | { type: 'refuse'; message: string; revealAllHints: boolean }
  | { type: 'send' }
  | { type: 'answer'; ok: boolean; message: string; newQuote?: Quote; payment?: BookingPayment };

/** A fresh wizard: name and email from the user, the dates from a search when there was one. */
export function initialBookingWizardState(user: User | null, dates?: BookedRange): BookingWizardState {
  return {
    form: { ...emptyBookingForm(user), ...dates },
    step: 0,
    touched: new Set(),
    revealAllHints: false,
    outcome: null,
  };
}

export function bookingWizardReducer(state: BookingWizardState, action: BookingWizardAction): BookingWizardState {
  switch (action.type) {
    case 'edit':
      return { ...state, form: { ...state.form, [action.field]: action.value } };
    case 'pickDates':
      return { ...state, form: { ...state.form, ...action.range } };
    case 'leave':
      return { ...state, touched: new Set(state.touched).add(action.field) };
    case 'prefill': {
      const { form } = state;
      return {
        ...state,
        form: { ...form, name: form.name || action.user.name, email: form.email || action.user.email },
      };
    }
    case 'move':
      return { ...state, step: action.step, outcome: null };
    case 'refuse':
      return {
        ...state,
        step: RESULT_STEP,
        revealAllHints: state.revealAllHints || action.revealAllHints,
        outcome: { kind: 'invalid', message: action.message },
      };
    case 'send':
      return { ...state, step: RESULT_STEP, outcome: { kind: 'sending' } };
    case 'answer': {
      const { ok, message, newQuote, payment } = action;
      return {
        ...state,
        outcome: { kind: 'answered', ok, message, ...(newQuote && { newQuote }), ...(payment && { payment }) },
      };
    }
  }
}
