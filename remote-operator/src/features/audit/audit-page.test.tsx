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
});
