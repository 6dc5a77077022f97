import { businessToday } from '@rentora/shared';
import { screen, waitFor, within } from '@testing-library/react';
import {
  bookAs,
  registerCustomer,
  registerOperator,
  renderAt,
  SERVER,
  signInAs,
  signOut,
  toastMessages,
} from '../../testing/staff';
import { TodayPage } from './today-page';

jest.setTimeout(40_000);
afterEach(signOut);

describe('TodayPage', () => {
  it('lists today’s pick-ups; marking one picked up moves it off the list', async () => {
    const customer = await registerCustomer('Rohan Kapoor');
    const today = businessToday();
    // A car no other suite books, for today only.
    await bookAs(customer, 'aston-martin-vantage', { pick_up_date: today, drop_off_date: today });
    await signInAs((await registerOperator()).token);
    const { user } = renderAt('/operator', <TodayPage />);

    const pickUps = screen.getByRole('table', { name: 'Pick-ups today' });
    const row = (await within(pickUps).findByText('Aston Martin Vantage', undefined, SERVER)).closest(
      'tr',
    ) as HTMLElement;
    expect(row).toHaveTextContent('Rohan Kapoor');
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Mark picked up', 'Mark no-show', 'Cancel booking']);

    await user.click(within(row).getByRole('button', { name: 'Mark picked up: Aston Martin Vantage, Rohan Kapoor' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark picked up?' });
    await user.type(within(dialog).getByLabelText('Reason (kept in the booking’s history)'), 'Keys handed over');
    await user.click(within(dialog).getByRole('button', { name: 'Mark picked up' }));

    await waitFor(
      () => expect(toastMessages()).toEqual(['success: Aston Martin Vantage for Rohan Kapoor: Picked up.']),
      SERVER,
    );
    await waitFor(() => expect(within(pickUps).queryByText('Aston Martin Vantage')).not.toBeInTheDocument(), SERVER);
    const returns = screen.getByRole('table', { name: 'Returns today' });
    const returning = (await within(returns).findByText('Aston Martin Vantage', undefined, SERVER)).closest('tr');
    expect(returning).toHaveTextContent('Picked up');
  });
});
