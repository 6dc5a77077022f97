import { addDays, businessToday, formatDisplayDate, MAX_DAYS_AHEAD } from '@rentora/shared';
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
import { BookingsPage } from './bookings-page';

jest.setTimeout(40_000);
afterEach(signOut);

/** Days far enough ahead, and random enough, that suites booking the same car in this run do not clash. */
function laterRange() {
  const pick_up_date = addDays(businessToday(), 30 + Math.floor(Math.random() * (MAX_DAYS_AHEAD - 40)));
  return { pick_up_date, drop_off_date: addDays(pick_up_date, 1) };
}

describe('BookingsPage', () => {
  it('finds a customer’s rental, and cancels it with a reason after a confirmation', async () => {
    const customer = await registerCustomer('Ira Menon');
    const range = laterRange();
    await bookAs(customer, 'lamborghini-urus', range);
    await signInAs((await registerOperator()).token);
    const { user } = renderAt('/operator/bookings', <BookingsPage />);

    await user.type(screen.getByRole('searchbox', { name: 'Customer' }), `${customer.email}{Enter}`);
    const table = screen.getByRole('table', { name: 'Bookings' });
    const row = await waitFor(() => {
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(1);
      return rows[0] as HTMLElement;
    }, SERVER);
    expect(row).toHaveTextContent('Lamborghini Urus');
    expect(row).toHaveTextContent(
      `${formatDisplayDate(range.pick_up_date)} → ${formatDisplayDate(range.drop_off_date)} · 2 days`,
    );
    expect(row).toHaveTextContent('Confirmed');
    // Before its pick-up day a rental can only be cancelled.
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel booking', 'Payments']);

    await user.click(within(row).getByRole('button', { name: 'Cancel booking: Lamborghini Urus, Ira Menon' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel booking?' });
    expect(dialog).toHaveTextContent('from Confirmed to Cancelled');
    await user.type(
      within(dialog).getByLabelText('Reason (kept in the booking’s history)'),
      'Customer called to cancel',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

    await waitFor(
      () => expect(toastMessages()).toEqual(['success: Lamborghini Urus for Ira Menon: Cancelled.']),
      SERVER,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(row).toHaveTextContent('Cancelled'), SERVER);
    // A cancelled rental has no move left; its payments stay open to the desk.
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Payments']);
  });

  it('filters by stage on the server', async () => {
    await signInAs((await registerOperator()).token);
    const { user } = renderAt('/operator/bookings', <BookingsPage />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stage' }), 'no_show');
    const table = screen.getByRole('table', { name: 'Bookings' });
    expect(await within(table).findByRole('cell', { name: 'No booking matches these filters.' }, SERVER)).toBeVisible();
  });
});
