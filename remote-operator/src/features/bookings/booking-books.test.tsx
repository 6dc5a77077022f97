import type { BookingList, OperatorBooking } from '@rentora/shared/operator';
import { addDays, businessToday, MAX_DAYS_AHEAD } from '@rentora/shared';
import { render, screen, within } from '@testing-library/react';
import { operatorCall } from '../../lib/operator-api';
import { bookAs, registerCustomer, registerOperator, signInAs, signOut } from '../../testing/staff';
import { StageCell } from './booking-books';
import { DeskPaymentDialog } from './desk-payment-dialog';

jest.setTimeout(40_000);
afterEach(signOut);

/**
 * A rental awaits its online payment only while online payment is on, which the shared test API
 * cannot switch on (it has no gateway): the staff's view of one is the API's rental as read, with
 * the end of its hold as the API answers it then.
 */
async function awaitingRental(): Promise<OperatorBooking> {
  const customer = await registerCustomer('Ravi Menon');
  const pick_up_date = addDays(businessToday(), 30 + Math.floor(Math.random() * (MAX_DAYS_AHEAD - 40)));
  await bookAs(customer, 'jaguar-xe', { pick_up_date, drop_off_date: pick_up_date });
  await signInAs((await registerOperator()).token);
  const { items } = await operatorCall<BookingList>(
    'GET',
    `/api/operator/bookings?customer=${encodeURIComponent(customer.email)}`,
  );
  const rental = items[0];
  if (!rental) throw new Error('no rental');
  expect(rental.hold_expires_at).toBeNull();
  return { ...rental, hold_expires_at: '2026-12-07T10:35:00.000Z' };
}

describe('a rental awaiting its online payment, as staff see it', () => {
  it('says so in its stage, with until when its dates are held, and takes no desk payment meanwhile', async () => {
    const rental = await awaitingRental();
    const { unmount } = render(<StageCell booking={rental} timeZone="Asia/Kolkata" />);
    expect(screen.getByText('Awaiting payment')).toBeVisible();
    expect(screen.getByText('Held until 7 Dec, 4:05 pm')).toBeVisible();
    unmount();

    render(<DeskPaymentDialog booking={rental} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Payments' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Awaiting its online payment: the dates are held until 7 Dec, 4:05 pm.',
    );
    expect(within(dialog).queryByRole('form', { name: 'Record at the desk' })).not.toBeInTheDocument();
  });
});
