import { addDays, businessToday, formatPaise, MAX_DAYS_AHEAD } from '@rentora/shared';
import type { BookingList } from '@rentora/shared/operator';
import { screen, waitFor, within } from '@testing-library/react';
import { operatorCall } from '../../lib/operator-api';
import { bookAs, registerCustomer, registerOperator, renderAt, SERVER, signInAs, signOut } from '../../testing/staff';
import { PaymentsPage } from './payments-page';

jest.setTimeout(40_000);
afterEach(signOut);

/** A rental of a car far ahead, and a UPI payment for it recorded at the desk through the real API. */
async function paidRental(customerName: string, reference: string) {
  const customer = await registerCustomer(customerName);
  const pick_up_date = addDays(businessToday(), 30 + Math.floor(Math.random() * (MAX_DAYS_AHEAD - 40)));
  await bookAs(customer, 'bmw-x1', { pick_up_date, drop_off_date: pick_up_date });
  const { items } = await operatorCall<BookingList>(
    'GET',
    `/api/operator/bookings?customer=${encodeURIComponent(customer.email)}`,
  );
  const rental = items[0];
  if (!rental) throw new Error('no rental');
  await operatorCall('POST', `/api/operator/bookings/${rental.id}/payments`, {
    kind: 'charge',
    method: 'upi',
    amount_paise: 123_450,
    reference,
  });
  return rental;
}

describe('PaymentsPage', () => {
  it('lists a desk payment with its rental, shows the last 30 days with their figures, and filters on the server', async () => {
    await signInAs((await registerOperator()).token);
    const reference = `UPI-${Math.random().toString(36).slice(2, 8)}`;
    const rental = await paidRental('Kavya Rao', reference);
    const { user } = renderAt('/operator/payments', <PaymentsPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    const table = screen.getByRole('table', { name: 'Payments and refunds' });
    const row = (await within(table).findByText(reference, undefined, SERVER)).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent(`#${rental.id} · ${rental.car_name}`);
    expect(row).toHaveTextContent('Kavya Rao');
    expect(row).toHaveTextContent('Payment · UPI');
    expect(row).toHaveTextContent(formatPaise(123_450));

    const chart = await screen.findByRole('region', { name: 'Last 30 days' }, SERVER);
    // jsdom has no matchMedia, which uPlot needs: the chart says so, and the figures stay readable.
    expect(within(chart).getByText(/The chart cannot be drawn in this browser/)).toBeVisible();
    expect(within(chart).getByRole('img', { name: /^Takings and refunds by method/ })).toHaveAccessibleName(
      expect.stringContaining('UPI'),
    );
    await user.click(within(chart).getByText('The figures as a table'));
    const figures = within(chart).getByRole('table', { name: 'Takings and refunds per day and method, last 30 days' });
    expect(
      within(figures)
        .getAllByRole('row')
        .some((line) => /UPI/.test(line.textContent ?? '')),
    ).toBe(true);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Method' }), 'card');
    await user.type(screen.getByLabelText('From'), addDays(businessToday(), 1));
    expect(await within(table).findByRole('cell', { name: 'No payment matches these filters.' }, SERVER)).toBeVisible();
    await waitFor(() => expect(within(table).queryByText(reference)).not.toBeInTheDocument(), SERVER);
  });
});
