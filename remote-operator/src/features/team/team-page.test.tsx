import { screen, waitFor, within } from '@testing-library/react';
import { adminToken, registerCustomer, renderAt, SERVER, signInAs, signOut, toastMessages } from '../../testing/staff';
import { TeamPage } from './team-page';

jest.setTimeout(30_000);
afterEach(signOut);

describe('TeamPage', () => {
  it('lists the operators and admins, and makes a customer an operator', async () => {
    const customer = await registerCustomer('Kabir Shah');
    await signInAs(adminToken());
    const { user } = renderAt('/operator/team', <TeamPage />);

    const table = screen.getByRole('table', { name: 'Operators and admins' });
    expect(await within(table).findByRole('cell', { name: 'jest-admin@example.com' }, SERVER)).toBeVisible();
    expect(within(table).queryByRole('cell', { name: customer.email })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Account email' }), customer.email);
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('operator');
    await user.click(screen.getByRole('button', { name: 'Change role' }));

    await waitFor(() => expect(toastMessages()).toEqual([`success: ${customer.email} is now an operator.`]), SERVER);
    const row = (await within(table).findByRole('cell', { name: customer.email }, SERVER)).closest('tr');
    expect(row).toHaveTextContent('Operator');
    expect(screen.getByRole('textbox', { name: 'Account email' })).toHaveValue('');
  });

  it('makes an account an admin, offered beside operator and customer', async () => {
    const customer = await registerCustomer('Tara Sethna');
    await signInAs(adminToken());
    const { user } = renderAt('/operator/team', <TeamPage />);

    const role = screen.getByRole('combobox', { name: 'Role' });
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Operator', 'Admin', 'Customer']);
    await user.type(screen.getByRole('textbox', { name: 'Account email' }), customer.email);
    await user.selectOptions(role, 'Admin');
    await user.click(screen.getByRole('button', { name: 'Change role' }));

    await waitFor(() => expect(toastMessages()).toEqual([`success: ${customer.email} is now an admin.`]), SERVER);
    const table = screen.getByRole('table', { name: 'Operators and admins' });
    const row = (await within(table).findByRole('cell', { name: customer.email }, SERVER)).closest('tr');
    expect(row).toHaveTextContent('Admin');
    // Another admin can be made a customer again from the table, like an operator.
    expect(screen.getByRole('button', { name: 'Make Tara Sethna a customer' })).toBeVisible();
  });

  it('takes the role back after a confirmation', async () => {
    const customer = await registerCustomer('Nisha Rao');
    await signInAs(adminToken());
    const { user } = renderAt('/operator/team', <TeamPage />);
    await user.type(screen.getByRole('textbox', { name: 'Account email' }), customer.email);
    await user.click(screen.getByRole('button', { name: 'Change role' }));

    await user.click(await screen.findByRole('button', { name: 'Make Nisha Rao a customer' }, SERVER));
    const dialog = screen.getByRole('dialog', { name: 'Make Nisha Rao a customer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make customer' }));

    await waitFor(() => expect(toastMessages()).toContain(`success: ${customer.email} is now a customer.`), SERVER);
    await waitFor(() => expect(screen.queryByRole('cell', { name: customer.email })).not.toBeInTheDocument(), SERVER);
  });

  it('shows the server’s refusal as an error toast', async () => {
    await signInAs(adminToken());
    const { user } = renderAt('/operator/team', <TeamPage />);
    await user.type(screen.getByRole('textbox', { name: 'Account email' }), 'nobody-here@example.com');
    await user.click(screen.getByRole('button', { name: 'Change role' }));

    await waitFor(() => expect(toastMessages()).toEqual(['error: There is no account with this email.']), SERVER);
    expect(screen.getByRole('textbox', { name: 'Account email' })).toHaveValue('nobody-here@example.com');
  });
});
