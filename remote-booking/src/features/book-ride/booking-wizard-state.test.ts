import type { User } from '@rentora/shared';
import { bookingWizardReducer, initialBookingWizardState } from './booking-wizard-state';
import { RESULT_STEP } from './booking-steps';

const asha: User = {
  name: 'Asha Rao',
  email: 'asha@example.in',
  avatar: 'avatar-1',
  role: 'customer',
  cars_rented: [],
};

describe('the booking wizard’s state', () => {
  it('prefills name and email without overwriting what the user typed', () => {
    const typed = bookingWizardReducer(initialBookingWizardState(null), {
      type: 'edit',
      field: 'name',
      value: 'A. Rao',
    });
    const prefilled = bookingWizardReducer(typed, { type: 'prefill', user: asha });
    expect(prefilled.form).toMatchObject({ name: 'A. Rao', email: 'asha@example.in' });
  });

  it('refuses onto the result card, revealing every hint only when asked', () => {
    const start = initialBookingWizardState(asha);
    const clash = bookingWizardReducer(start, { type: 'refuse', message: 'Taken', revealAllHints: false });
    expect(clash).toMatchObject({
      step: RESULT_STEP,
      revealAllHints: false,
      outcome: { kind: 'invalid', message: 'Taken' },
    });
    const invalid = bookingWizardReducer(clash, { type: 'refuse', message: 'Fix it', revealAllHints: true });
    expect(invalid.revealAllHints).toBe(true);
  });

  it('leaves the result behind when moving back to a step', () => {
    const refused = bookingWizardReducer(initialBookingWizardState(asha), {
      type: 'refuse',
      message: 'Fix it',
      revealAllHints: true,
    });
    expect(bookingWizardReducer(refused, { type: 'move', step: 1 })).toMatchObject({ step: 1, outcome: null });
  });

  it('goes from sending to the server’s answer', () => {
    const sending = bookingWizardReducer(initialBookingWizardState(asha), { type: 'send' });
    expect(sending).toMatchObject({ step: RESULT_STEP, outcome: { kind: 'sending' } });
    const answered = bookingWizardReducer(sending, { type: 'answer', ok: true, message: 'Booked' });
    expect(answered.outcome).toEqual({ kind: 'answered', ok: true, message: 'Booked' });
  });
});
