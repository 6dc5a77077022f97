import {
  addDays,
  businessToday,
  formatPrice,
  formatTimeOfDay,
  ModalFrame,
  type User,
  type BookingWithPayment,
} from '@rentora/shared';
import { setPaymentSettings } from '@rentora/shared/testing/money-staff';
import { $pagePaths, $toasts, $token, $user, api } from '@rentora/state';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@rentora/state/testing/memory-router';
import { registerAccount, withApiUnreachable, type TestAccount } from '../../testing/accounts';
import { payHeldBooking } from '../../testing/payments';
import { ProfileModal } from './profile-modal';
import { TERMS_FAILED } from './cancellation-terms';

const SERVER = { timeout: 15_000 };
jest.setTimeout(30_000);

/** Cars no other suite of this remote books: their days are this file's. */
const PAID_CAR = 'rolls-royce-ghost';
const HELD_CAR = 'bentley-continental-gt';
const TRIED_CAR = 'mercedes-benz-glc';

let settingsBefore: Awaited<ReturnType<typeof setPaymentSettings>>;
beforeAll(async () => {
  // This worker's API, its own: online payment on for this file only, with a policy that keeps half
  // of what was paid from a year before pick-up.
  settingsBefore = await setPaymentSettings({
    online_payment: 'total',
    cancellation_policy: {
      free_minutes_after_booking: 0,
      tiers: [
        { hours_before: 8_760, refund_percent: 100 },
        { hours_before: 0, refund_percent: 50 },
      ],
    },
  });
});
afterAll(() => setPaymentSettings(settingsBefore));
afterEach(() => {
  $token.set(undefined);
  $toasts.set([]);
});

/** Books `car` through the real API, `offset` days ahead: held until paid. */
async function bookHeld(account: TestAccount, car: string, offset: number) {
  const pick_up_date = addDays(businessToday(), offset);
  const answer = await api.bookRide(
    car,
    {
      name: account.name,
      age: '31',
      email: account.email,
      phone_no: '9876543210',
      address: '12 Marine Drive, Mumbai',
      pincode: '400002',
      pick_up_date,
      drop_off_date: addDays(pick_up_date, 1),
    },
    account.token,
    crypto.randomUUID(),
  );
  expect(answer.status).toBe(201);
  return (answer.body as unknown as BookingWithPayment).payment;
}

async function profileOf(account: TestAccount) {
  $token.set(account.token);
  await waitFor(() => expect($user.get()?.email).toBe(account.email), SERVER);
  $pagePaths.set({ fleet: '/vehicles' });
  const user = userEvent.setup();
  render(
    <MemoryRouter url="/">
      <ModalFrame titleId="profile-title" onClose={() => undefined}>
        <ProfileModal titleId="profile-title" onClose={() => undefined} />
      </ModalFrame>
    </MemoryRouter>,
  );
  return user;
}

describe('cancelling with the refund known first', () => {
  it('shows the refund, the fee and the rule before the customer confirms', async () => {
    const account = await registerAccount('Nisha Kapoor');
    const payment = await bookHeld(account, PAID_CAR, 100);
    await payHeldBooking(account, payment);
    const user = await profileOf(account);
    const half = formatPrice(payment.amount_paise / 2);

    await user.click(await screen.findByRole('button', { name: 'Cancel Rental' }, SERVER));
    const question = screen.getByRole('group', { name: /^Cancel the Rolls-Royce .* rental\?$/ });
    const terms = within(question).getByRole('status', { name: 'Refund' });
    expect(terms).toHaveTextContent('Working out your refund…');
    expect(within(question).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    // Confirming waits for the terms.
    expect(within(question).getByRole('button', { name: 'Yes, cancel' })).toBeDisabled();

    await within(terms).findByText('Less than 8760 hours before pick-up: 50% is refunded.', {}, SERVER);
    expect(terms).toHaveAttribute('aria-busy', 'false');
    expect(within(terms).getByText('Refund').nextSibling).toHaveTextContent(half);
    expect(within(terms).getByText('Cancellation fee').nextSibling).toHaveTextContent(half);

    await user.click(within(question).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('Rental Cancelled', undefined, SERVER)).toBeVisible();
  });

  it('shows a booking awaiting its payment, until when its dates are held, and that cancelling it costs nothing', async () => {
    const account = await registerAccount('Arjun Mehta');
    const payment = await bookHeld(account, HELD_CAR, 90);
    const user = await profileOf(account);

    expect(await screen.findByText('Awaiting payment', undefined, SERVER)).toBeVisible();
    expect(screen.getByText(`Dates held until ${formatTimeOfDay(payment.expires_at)}`)).toBeVisible();
    expect(($user.get() as User).cars_rented[0]?.hold_expires_at).toBe(payment.expires_at);

    await user.click(screen.getByRole('button', { name: 'Cancel Rental' }));
    const terms = screen.getByRole('status', { name: 'Refund' });
    await within(terms).findByText('Nothing was paid online: cancelling costs nothing.', {}, SERVER);
    expect(within(terms).queryByText('Cancellation fee')).not.toBeInTheDocument();
  });

  it('says when the refund cannot be worked out, and asks again', async () => {
    const account = await registerAccount('Ira Das');
    const payment = await bookHeld(account, TRIED_CAR, 80);
    await payHeldBooking(account, payment);
    const user = await profileOf(account);
    const cancel = await screen.findByRole('button', { name: 'Cancel Rental' }, SERVER);

    await withApiUnreachable(async () => {
      await user.click(cancel);
      await within(screen.getByRole('status', { name: 'Refund' })).findByText(TERMS_FAILED, {}, SERVER);
    });
    // Without the terms, the customer cannot confirm a cancellation that might keep a fee.
    expect(screen.getByRole('button', { name: 'Yes, cancel' })).toBeDisabled();
    const terms = screen.getByRole('status', { name: 'Refund' });
    await user.click(within(terms).getByRole('button', { name: 'Try again' }));
    await within(terms).findByText('Less than 8760 hours before pick-up: 50% is refunded.', {}, SERVER);
    expect(screen.getByRole('button', { name: 'Yes, cancel' })).toBeEnabled();
  });
});
