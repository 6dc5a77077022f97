import { randomUUID } from 'node:crypto';
import type { OperatorAddOn } from '@rentora/shared/operator';
import { screen, within } from '@testing-library/react';
import { operatorCall } from '../../lib/operator-api';
import { adminToken, registerCustomer, renderAt, SERVER, signInAs, signOut } from '../../testing/staff';
import { AuditPage } from './audit-page';

jest.setTimeout(30_000);
afterEach(signOut);

describe('AuditPage', () => {
  it('lists a role change with who made it and what changed', async () => {
    const customer = await registerCustomer('Meera Iyer');
    await signInAs(adminToken());
    await operatorCall('PUT', `/api/operator/users/${encodeURIComponent(customer.email)}/role`, { role: 'operator' });
    renderAt('/operator/audit', <AuditPage />);

    const table = screen.getByRole('table', { name: 'Changes' });
    const subject = await within(table).findByText(new RegExp(customer.email), undefined, SERVER);
    const row = subject.closest('tr') as HTMLElement;
    expect(within(row).getByRole('cell', { name: 'jest-admin@example.com' })).toBeVisible();
    expect(row).toHaveTextContent(`Role changed · ${customer.email}`);
    expect(row).toHaveTextContent(/role customer → operator/);
  });

  it('names an add-on’s change and what changed', async () => {
    await signInAs(adminToken());
    // Not offered: other suites' wizards, on the same API, must not see it.
    const addOn = await operatorCall<OperatorAddOn>('POST', '/api/operator/add-ons', {
      label: `Doorstep delivery ${randomUUID().slice(0, 6)}`,
      price: 300,
      per: 'rental',
      offered: false,
    });
    await operatorCall('PATCH', `/api/operator/add-ons/${addOn.id}`, { price: 350 });
    renderAt('/operator/audit', <AuditPage />);

    const table = screen.getByRole('table', { name: 'Changes' });
    const row = (await within(table).findByText(`Add on updated · add-on #${addOn.id}`, undefined, SERVER)).closest(
      'tr',
    ) as HTMLElement;
    expect(row).toHaveTextContent(/price 300 → 350/);
  });
});
