import { randomUUID } from 'node:crypto';
import type { AuditPage, BusinessSettings, OperatorAddOn } from '@rentora/shared/operator';
import { GSTIN_MESSAGES } from '@rentora/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { operatorCall } from '../../lib/operator-api';
import { adminToken, registerOperator, renderAt, SERVER, signInAs, signOut, toastMessages } from '../../testing/staff';
import { ADD_ONS_PATH, SETTINGS_PATH } from './settings-api';
import { SettingsPage } from './settings-page';

jest.setTimeout(40_000);
afterEach(signOut);

const addOnsTable = () => screen.getByRole('table', { name: 'Add-ons' });
const rowOf = async (label: string) =>
  (await within(addOnsTable()).findByText(label, undefined, SERVER)).closest('tr') as HTMLElement;

/**
 * Every suite of this run shares one API: an add-on offered would appear in other suites' booking
 * wizards, and a tax rate would change their totals. So these add-ons are made not offered, and
 * the settings changed are the ones no price reads (the business's name, address, SAC), then put back.
 */
describe('SettingsPage', () => {
  it('adds an add-on not yet offered, edits it, and offers the choice to offer it', async () => {
    await signInAs(adminToken());
    const label = `Child seat ${randomUUID().slice(0, 6)}`;
    const { user } = renderAt('/operator/settings', <SettingsPage />);
    const form = screen.getByRole('form', { name: 'Add an add-on' });

    await user.type(within(form).getByLabelText('Add-on'), label);
    await user.type(within(form).getByLabelText('Price (₹)'), '300');
    await user.selectOptions(within(form).getByLabelText('Charged'), 'rental');
    await user.click(within(form).getByRole('checkbox', { name: 'Offer it to customers now' }));
    await user.click(within(form).getByRole('button', { name: 'Add add-on' }));

    await waitFor(() => expect(toastMessages()).toEqual([`success: ${label} added.`]), SERVER);
    const row = await rowOf(label);
    expect(row).toHaveTextContent('₹300 a rental');
    expect(row).toHaveTextContent('Not offered');
    expect(within(form).getByLabelText('Add-on')).toHaveValue('');

    await user.click(within(row).getByRole('button', { name: `Edit ${label}` }));
    const dialog = screen.getByRole('dialog', { name: `Edit ${label}` });
    await user.clear(within(dialog).getByLabelText('Price (₹)'));
    await user.type(within(dialog).getByLabelText('Price (₹)'), '250');
    await user.selectOptions(within(dialog).getByLabelText('Charged'), 'day');
    await user.click(within(dialog).getByRole('button', { name: 'Save add-on' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument(), SERVER);
    await waitFor(() => expect(row).toHaveTextContent('₹250 a day'), SERVER);
    expect(within(row).getByRole('button', { name: `Offer ${label}` })).toBeVisible();

    const { items } = await operatorCall<{ items: OperatorAddOn[] }>('GET', ADD_ONS_PATH);
    const saved = items.find((addOn) => addOn.label === label);
    expect(saved).toMatchObject({ price: 250, per: 'day', offered: false });
    const audit = await operatorCall<AuditPage>('GET', '/api/operator/audit');
    expect(audit.items.filter((entry) => entry.subject === `add-on:${saved?.id}`).map((entry) => entry.action)).toEqual(
      ['add_on.updated', 'add_on.created'],
    );
  });

  it('saves the business’s details (the address on one line), refuses a wrong GSTIN before sending, and audits the change', async () => {
    await signInAs(adminToken());
    const before = await operatorCall<BusinessSettings>('GET', SETTINGS_PATH);
    const { user } = renderAt('/operator/settings', <SettingsPage />);
    const form = await screen.findByRole('form', { name: 'Tax and invoices' }, SERVER);
    const name = `Rentora Mobility ${randomUUID().slice(0, 4)} Private Limited`;
    try {
      await user.clear(within(form).getByLabelText('Legal name'));
      await user.type(within(form).getByLabelText('Legal name'), name);
      await user.clear(within(form).getByLabelText('Address'));
      // Typed on two lines: invoices print it on one, the lines joined by a comma.
      await user.type(within(form).getByLabelText('Address'), '12 MG Road{Enter}Bengaluru 560001');
      await user.clear(within(form).getByLabelText('SAC'));
      await user.type(within(form).getByLabelText('SAC'), '997311');

      // A GSTIN with a wrong check character, then one of another state than the one chosen.
      await user.type(within(form).getByLabelText('GSTIN'), '29AAGCB7383J1Z5');
      await user.click(within(form).getByRole('button', { name: 'Save settings' }));
      expect(within(form).getByLabelText('GSTIN')).toHaveAccessibleDescription(GSTIN_MESSAGES.checksum);
      await user.clear(within(form).getByLabelText('GSTIN'));
      await user.type(within(form).getByLabelText('GSTIN'), '29AAGCB7383J1Z4');
      expect(within(form).getByLabelText('GSTIN')).toHaveAccessibleDescription(
        'This GSTIN is registered in state 29: choose that state.',
      );
      expect(toastMessages()).toEqual([]);
      await user.clear(within(form).getByLabelText('GSTIN'));
      await user.click(within(form).getByRole('button', { name: 'Save settings' }));

      await waitFor(() => expect(toastMessages()).toEqual(['success: Settings saved.']), SERVER);
      // The settings are read again after the save, and the form filled anew from them.
      await waitFor(() => expect(screen.getByRole('form', { name: 'Tax and invoices' })).not.toBe(form), SERVER);
      const saved = await operatorCall<BusinessSettings>('GET', SETTINGS_PATH);
      expect(saved).toEqual({ ...before, legal_name: name, address: '12 MG Road, Bengaluru 560001', sac: '997311' });
      const audit = await operatorCall<AuditPage>('GET', '/api/operator/audit');
      expect(audit.items.find((entry) => entry.subject === 'settings')?.after).toMatchObject({ legal_name: name });
    } finally {
      await operatorCall('PUT', SETTINGS_PATH, before);
    }
  });

  it('is for admins: an operator’s change is refused by the server, and the tabs do not offer it', async () => {
    await signInAs((await registerOperator('Meera Iyer')).token);
    const { user } = renderAt('/operator/settings', <SettingsPage />);
    const form = await screen.findByRole('form', { name: 'Tax and invoices' }, SERVER);
    expect(
      within(screen.getByRole('navigation', { name: 'Operations' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Today', 'Fleet', 'Bookings', 'Payments']);

    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByRole('alert', undefined, SERVER)).toHaveTextContent('Only an admin may do this.');
  });
});
