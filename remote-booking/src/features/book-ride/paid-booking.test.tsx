import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import {
  addDays,
  BUSINESS_TIME_ZONE,
  formatPrice,
  formatTimeOfDay,
  ModalFrame,
  todayIn,
  type User,
} from '@rentora/shared';
import { $search, $token, $user, $vehicle, api, EMPTY_SEARCH } from '@rentora/state';
import { VALID_BOOKING_DETAILS } from '@rentora/shared/testing/booking-form';
import { rentalsOf, setPaymentSettings } from '@rentora/shared/testing/money-staff';
import { answerInCheckout, checkoutFrame, loadScriptsFromTheNetwork } from '../../testing/standin-checkout';
import { BookRideWizard } from './book-ride-wizard';

jest.setTimeout(30_000);

/** A car no other suite books: its days are this file's. */
const CAR = 'jaguar-f-type';
const SERVER = { timeout: 10_000 };
const today = todayIn(BUSINESS_TIME_ZONE);

let settingsBefore: Awaited<ReturnType<typeof setPaymentSettings>>;
let stopLoading: () => void;
beforeAll(async () => {
  // This worker's API, its own: online payment on for this file only, put back after it.
  settingsBefore = await setPaymentSettings({ online_payment: 'total' });
  stopLoading = loadScriptsFromTheNetwork();
});
afterAll(async () => {
  stopLoading();
  await setPaymentSettings(settingsBefore);
});
afterEach(() => {
  $token.set(undefined);
  act(() => $search.set(EMPTY_SEARCH));
});

async function signedInCustomer(): Promise<string> {
  const answer = await api.register({
    name: 'Kabir Rao',
    email: `paid-${crypto.randomUUID()}@example.com`,
    password: 'correct-horse-battery',
    avatar: 'avatar3',
  });
  const token = answer.body.token as string;
  $token.set(token);
  await waitFor(() => expect($user.get()).not.toBeNull(), SERVER);
  return token;
}

/** Books `CAR` on days `offset` ahead through the wizard: its Submit answered with the payment to make. */
async function bookedAwaitingPayment(offset: number) {
  const range = { pick_up_date: addDays(today, offset), drop_off_date: addDays(today, offset + 2) };
  act(() => $search.set({ ...EMPTY_SEARCH, ...range }));
  const user = userEvent.setup({ delay: null });
  render(
    <ModalFrame titleId="title" onClose={() => undefined}>
      <BookRideWizard titleId="title" onClose={() => undefined} vehicleId={CAR} />
    </ModalFrame>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Book Ride' });
  await waitFor(() => expect($vehicle(CAR).get().data).toBeDefined(), SERVER);
  await walkToDates(user, dialog);
  await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
  await within(dialog).findByRole('heading', { name: 'Pay to confirm your booking' }, SERVER);
  return { user, dialog };
}

async function walkToDates(user: UserEvent, dialog: HTMLElement) {
  const { age, phone_no, address, pincode } = VALID_BOOKING_DETAILS;
  for (const [label, value] of [
    ['Age', age],
    ['Phone Number', phone_no],
    ['Address', address],
    ['Pin Code', pincode],
  ] as const) {
    while (!within(dialog).queryByLabelText(label)) {
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    }
    await user.type(within(dialog).getByLabelText(label), value);
  }
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
}

const statusOf = (dialog: HTMLElement) => within(dialog).getByRole('status');

/** A call of the test's own while the wizard's reads (the user and the car after a booking) may still answer. */
const settled = <T,>(call: Promise<T>) => act(() => call);

describe('the wizard with online payment on', () => {
  it('shows the amount and the hold, pays through Checkout after a declined attempt, and confirms the booking', async () => {
    const token = await signedInCustomer();
    const { user, dialog } = await bookedAwaitingPayment(150);

    const [rental] = await settled(rentalsOf(token));
    const amount = formatPrice(rental?.total_paise ?? 0);
    const profile = (await settled(api.getUser(token))).body as User;
    const held = profile.cars_rented[0]?.hold_expires_at ?? '';
    expect(profile.cars_rented[0]?.status).toBe('awaiting_payment');
    expect(rental?.status).toBe('awaiting_payment');
    expect(within(dialog).getByText('To pay now').nextSibling).toHaveTextContent(amount);
    expect(within(dialog).getByText(`Dates held until ${formatTimeOfDay(held)}`)).toBeInTheDocument();
    expect(statusOf(dialog)).toHaveTextContent('Your booking is confirmed as soon as the payment goes through.');
    expect(within(dialog).getByRole('progressbar', { name: 'Booking progress' })).toHaveAttribute(
      'aria-valuetext',
      'All steps complete: payment',
    );
    const pay = within(dialog).getByRole('button', { name: `Pay ${amount}` });
    expect(pay).toHaveFocus();

    await user.click(pay);
    await waitFor(
      () => expect(statusOf(dialog)).toHaveTextContent('Complete the payment in the checkout window.'),
      SERVER,
    );
    expect(checkoutFrame()).not.toBeNull();
    // Under Checkout, the dialog no longer hides the rest of the page from screen readers.
    expect(screen.getByRole('dialog', { hidden: true })).toHaveAttribute('aria-modal', 'false');

    await answerInCheckout('failure');
    expect(checkoutFrame()).toBeNull();
    expect(statusOf(dialog)).toHaveTextContent(
      `Payment failed: the bank declined it. Nothing was charged: you can try again until ${formatTimeOfDay(held)}.`,
    );
    const again = within(dialog).getByRole('button', { name: 'Try again' });
    expect(again).toHaveFocus();
    expect(screen.getByRole('dialog')).toHaveAttribute('aria-modal', 'true');

    await user.click(again);
    await waitFor(() => expect(statusOf(dialog)).toHaveTextContent('Complete the payment'), SERVER);
    await answerInCheckout('success');
    await within(dialog).findByText('Payment received: your booking is confirmed.', {}, SERVER);
    expect(within(dialog).getByRole('img', { name: 'Success' })).toBeInTheDocument();
    expect(within(dialog).getByText(`${amount} paid online`)).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Your booking' })).toHaveTextContent(`Total${amount}`);
    expect(within(dialog).getByRole('button', { name: 'Done' })).toHaveFocus();
    expect((await settled(rentalsOf(token)))[0]?.status).toBe('active');
    // Every open view reads the rental again: the profile shows it confirmed.
    await waitFor(() => expect($user.get()?.cars_rented[0]?.status).toBe('active'), SERVER);
  });

  it('keeps the dates held when Checkout is closed, and opens it again', async () => {
    await signedInCustomer();
    const { user, dialog } = await bookedAwaitingPayment(160);
    const pay = within(dialog).getByRole('button', { name: /^Pay ₹/ });

    await user.click(pay);
    await waitFor(() => expect(statusOf(dialog)).toHaveTextContent('Complete the payment'), SERVER);
    await answerInCheckout('close');
    expect(checkoutFrame()).toBeNull();
    expect(statusOf(dialog)).toHaveTextContent(/^The checkout was closed before paying: nothing was charged\./);
    expect(pay).toHaveFocus();

    await user.click(pay);
    await waitFor(() => expect(statusOf(dialog)).toHaveTextContent('Complete the payment'), SERVER);
    await answerInCheckout('close');
    expect(pay).toHaveFocus();
  });
});
