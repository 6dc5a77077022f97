import type { BusinessSettings } from '@rentora/shared/operator';
import { screen, waitFor, within } from '@testing-library/react';
import { operatorCall } from '../../lib/operator-api';
import { adminToken, renderAt, SERVER, signInAs, signOut, toastMessages } from '../../testing/staff';
import { HOLD_WRONG, TIERS_ORDER } from './payment-settings-form';
import { SETTINGS_PATH } from './settings-api';
import { SettingsPage } from './settings-page';

jest.setTimeout(40_000);
afterEach(signOut);

/**
 * The suites share one API, with a payment stand-in as its gateway: what a test changes here
 * (online payment, the hold, the policy) is put back after it.
 */
describe('the payment settings form', () => {
  let before: BusinessSettings;
  beforeEach(async () => {
    await signInAs(adminToken());
    before = await operatorCall<BusinessSettings>('GET', SETTINGS_PATH);
  });
  afterEach(async () => {
    await signInAs(adminToken());
    await operatorCall('PUT', SETTINGS_PATH, before);
  });

  it('saves the hold and the tiers, checks them before sending, and leaves the tax settings as they were', async () => {
    const { user } = renderAt('/operator/settings', <SettingsPage />);
    const form = await screen.findByRole('form', { name: 'Payments and cancellations' }, SERVER);
    expect(within(form).getByRole('combobox', { name: 'Online payment' })).toHaveValue('off');
    const hold = within(form).getByRole('spinbutton', { name: 'Hold while paying (minutes)' });
    await user.clear(hold);
    await user.type(hold, '3');
    await user.click(within(form).getByRole('button', { name: 'Save payment settings' }));
    expect(within(form).getByText(HOLD_WRONG)).toBeVisible();

    await user.clear(hold);
    await user.type(hold, '20');
    await user.click(within(form).getByRole('button', { name: 'Add a tier' }));
    await user.click(within(form).getByRole('button', { name: 'Save payment settings' }));
    // The new tier (0 hours) sits after the default one (0 hours): the same hours twice.
    expect(within(form).getByRole('alert')).toHaveTextContent(TIERS_ORDER);

    const first = within(form).getByRole('spinbutton', { name: 'Tier 1: from hours before pick-up' });
    await user.clear(first);
    await user.type(first, '48');
    const percent = within(form).getByRole('spinbutton', { name: 'Tier 2: refund (%)' });
    await user.clear(percent);
    await user.type(percent, '50');
    await user.click(within(form).getByRole('button', { name: 'Save payment settings' }));
    await waitFor(() => expect(toastMessages()).toEqual(['success: Payment settings saved.']), SERVER);
    // The settings are read again after the save, and the form filled anew from them.
    await waitFor(
      () => expect(screen.getByRole('form', { name: 'Payments and cancellations' })).not.toBe(form),
      SERVER,
    );

    const saved = await operatorCall<BusinessSettings>('GET', SETTINGS_PATH);
    expect(saved.payment_hold_minutes).toBe(20);
    expect(saved.cancellation_policy.tiers).toEqual([
      { hours_before: 48, refund_percent: 100 },
      { hours_before: 0, refund_percent: 50 },
    ]);
    const { online_payment: _a, payment_hold_minutes: _b, cancellation_policy: _c, ...taxBefore } = before;
    expect(saved).toMatchObject(taxBefore);
  });

  it('keeps what is typed here when the tax form is saved, and saves only its own fields', async () => {
    const { user } = renderAt('/operator/settings', <SettingsPage />);
    const payments = await screen.findByRole('form', { name: 'Payments and cancellations' }, SERVER);
    const hold = within(payments).getByRole('spinbutton', { name: 'Hold while paying (minutes)' });
    await user.clear(hold);
    await user.type(hold, '25');

    const tax = screen.getByRole('form', { name: 'Tax and invoices' });
    await user.clear(within(tax).getByLabelText('SAC'));
    await user.type(within(tax).getByLabelText('SAC'), '997312');
    await user.click(within(tax).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(toastMessages()).toEqual(['success: Settings saved.']), SERVER);
    await waitFor(() => expect(screen.getByRole('form', { name: 'Tax and invoices' })).not.toBe(tax), SERVER);
    // The payment form was not refilled: the hold typed is still there, unsaved.
    expect(screen.getByRole('form', { name: 'Payments and cancellations' })).toBe(payments);
    expect(hold).toHaveValue(25);

    await user.click(within(payments).getByRole('button', { name: 'Save payment settings' }));
    await waitFor(() => expect(toastMessages()).toContain('success: Payment settings saved.'), SERVER);
    await waitFor(
      () => expect(screen.getByRole('form', { name: 'Payments and cancellations' })).not.toBe(payments),
      SERVER,
    );
    // Neither save undid the other.
    expect(await operatorCall<BusinessSettings>('GET', SETTINGS_PATH)).toMatchObject({
      sac: '997312',
      payment_hold_minutes: 25,
    });
  });

  it('switches online payment on through the API’s gateway and reads it back', async () => {
    const { user } = renderAt('/operator/settings', <SettingsPage />);
    const form = await screen.findByRole('form', { name: 'Payments and cancellations' }, SERVER);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Online payment' }), 'total');
    await user.click(within(form).getByRole('button', { name: 'Save payment settings' }));
    await waitFor(() => expect(toastMessages()).toEqual(['success: Payment settings saved.']), SERVER);
    // The page reads the settings again after a save; the test ends once that read has landed.
    await waitFor(
      () => expect(screen.getByRole('form', { name: 'Payments and cancellations' })).not.toBe(form),
      SERVER,
    );
    expect(
      within(screen.getByRole('form', { name: 'Payments and cancellations' })).getByRole('combobox', {
        name: 'Online payment',
      }),
    ).toHaveValue('total');
    expect((await operatorCall<BusinessSettings>('GET', SETTINGS_PATH)).online_payment).toBe('total');
  });
});
