import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  addDays,
  businessToday,
  clashMessage,
  DATE_RANGE_MESSAGES,
  formatDisplayDate,
  formatPaise,
  ModalFrame,
} from '@rentora/shared';
import { $token, $user, api, refreshUser } from '@rentora/state';
import { MemoryRouter } from '@rentora/state/testing/memory-router';
import { rentalsOf } from '@rentora/shared/testing/money-staff';
import { bookRide, registerAccount, type TestAccount } from '../../testing/accounts';
import { ProfileModal } from './profile-modal';
import { CHANGE_UNANSWERED, differenceText } from './change-dates';

jest.setTimeout(30_000);
const SERVER = { timeout: 15_000 };
/** A car no other suite books: its rentals are this file's. */
const CAR = 'toyota-fortuner';

afterEach(() => $token.set(undefined));

/**
 * Two days from `offset` days ahead. Each test has days of its own on this file's car (its API's
 * database is new each run), so one test's change never meets another's booking.
 */
function twoDaysFrom(offset: number) {
  const pick_up_date = addDays(businessToday(), offset);
  return { pick_up_date, drop_off_date: addDays(pick_up_date, 1) };
}

async function signedInWithRental(range: { pick_up_date: string; drop_off_date: string }): Promise<TestAccount> {
  const account = await registerAccount('Meera Iyer');
  await bookRide(account, CAR, range);
  $token.set(account.token);
  await waitFor(() => expect($user.get()?.cars_rented).toHaveLength(1), SERVER);
  return account;
}

function renderProfile() {
  const onClose = jest.fn();
  const { unmount } = render(
    <MemoryRouter>
      <ModalFrame titleId="profile" onClose={onClose}>
        <ProfileModal titleId="profile" onClose={onClose} />
      </ModalFrame>
    </MemoryRouter>,
  );
  return { onClose, unmount };
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Change dates: Toyota Fortuner' }, SERVER));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Change dates' }) };
}

/** The desk hands a rental over (its pick-up day must have come), as Jest's global setup's admin. */
async function pickUp(rentalId: number): Promise<void> {
  const response = await fetch(`${process.env.RENTORA_TEST_API_URL ?? ''}/api/operator/bookings/${rentalId}/stage`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${process.env.RENTORA_TEST_ADMIN_TOKEN ?? ''}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ to: 'picked_up' }),
  });
  expect(response.status).toBe(200);
}

describe('changing a rental’s dates from the Profile', () => {
  it('shows the new total and the difference before confirming, then moves the rental', async () => {
    const range = twoDaysFrom(10);
    const account = await signedInWithRental(range);
    const [before] = await rentalsOf(account.token);
    const { unmount } = renderProfile();
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByText('Choose new dates to see the new total.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Confirm new dates' })).toBeDisabled();

    const later = addDays(range.drop_off_date, 1);
    fireEvent.change(within(dialog).getByLabelText('Drop-off date'), { target: { value: later } });
    const summary = within(dialog).getByRole('region', { name: 'New total' });
    expect(await within(summary).findByText('Working out the new total…')).toBeVisible();
    await within(summary).findByText('New total', {}, SERVER);
    const [shownTotal, shownDifference] = within(summary)
      .getAllByRole('definition')
      .map((figure) => figure.textContent);

    await user.click(within(dialog).getByRole('button', { name: 'Confirm new dates' }));
    // The Profile shows the new dates once the account is read again.
    expect(
      await screen.findByText(`${formatDisplayDate(range.pick_up_date)} → ${formatDisplayDate(later)}`, {}, SERVER),
    ).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Change dates' })).not.toBeInTheDocument();
    // The live stream reads the account again once the car's change arrives: the Profile is closed first.
    unmount();
    const [after] = await rentalsOf(account.token);
    // The dialog showed exactly what the server then charged.
    expect(after).toMatchObject({ drop_off_date: later });
    expect(shownTotal).toBe(formatPaise(after!.total_paise));
    expect(shownDifference).toBe(differenceText(after!.total_paise - before!.total_paise));
    expect(shownDifference).toMatch(/ more$/);
  });

  it('changes the open rental when a cancelled one had the same car and dates', async () => {
    const range = twoDaysFrom(40);
    const account = await signedInWithRental(range);
    expect((await api.cancelRide(CAR, account.token)).ok).toBe(true);
    await bookRide(account, CAR, range, 2);
    await refreshUser();
    expect($user.get()?.cars_rented.map((rental) => rental.status)).toEqual(['cancelled', 'active']);
    renderProfile();
    const { dialog } = await openDialog();

    fireEvent.change(within(dialog).getByLabelText('Drop-off date'), {
      target: { value: addDays(range.drop_off_date, 1) },
    });
    const summary = within(dialog).getByRole('region', { name: 'New total' });
    await within(summary).findByText('New total', {}, SERVER);
    expect(within(dialog).getByRole('button', { name: 'Confirm new dates' })).toBeEnabled();
  });

  it('says what is wrong with the dates beside the field, and names the days another booking holds', async () => {
    const range = twoDaysFrom(30);
    await signedInWithRental(range);
    const other = await registerAccount('Ravi Kumar');
    const taken = { pick_up_date: addDays(range.drop_off_date, 2), drop_off_date: addDays(range.drop_off_date, 3) };
    await bookRide(other, CAR, taken);
    renderProfile();
    const { dialog } = await openDialog();

    const dropOff = within(dialog).getByLabelText('Drop-off date');
    fireEvent.change(dropOff, { target: { value: addDays(range.pick_up_date, -1) } });
    expect(within(dialog).getByText(DATE_RANGE_MESSAGES.dropOffBeforePickUp)).toBeVisible();
    expect(dropOff).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(dropOff, { target: { value: addDays(range.drop_off_date, 3) } });
    const alert = await within(dialog).findByRole('alert', {}, SERVER);
    expect(alert).toHaveTextContent(clashMessage(taken));
    expect(within(dialog).getByRole('button', { name: 'Confirm new dates' })).toBeDisabled();
  });

  it('closes on Escape and Keep current dates, leaving the Profile open and the dates as they were', async () => {
    const range = twoDaysFrom(50);
    const account = await signedInWithRental(range);
    const { onClose } = renderProfile();
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Change dates' })).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    // Focus returns to the button that opened it.
    expect(screen.getByRole('button', { name: 'Change dates: Toyota Fortuner' })).toHaveFocus();

    const again = await openDialog();
    await again.user.click(within(again.dialog).getByRole('button', { name: 'Keep current dates' }));
    expect(screen.queryByRole('dialog', { name: 'Change dates' })).not.toBeInTheDocument();
    expect((await rentalsOf(account.token))[0]).toMatchObject(range);
  });

  it('moves only the drop-off of a rental under way', async () => {
    const today = businessToday();
    const account = await registerAccount('Dev Malhotra');
    // Another car than the other tests': this one starts today, where their random days may fall.
    await bookRide(account, 'mahindra-thar', { pick_up_date: today, drop_off_date: addDays(today, 1) });
    const [rental] = await rentalsOf(account.token);
    await pickUp(rental!.id);
    $token.set(account.token);
    await waitFor(() => expect($user.get()?.cars_rented[0]?.status).toBe('in_progress'), SERVER);
    const { unmount } = renderProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change dates: Mahindra Thar' }, SERVER));
    const dialog = await screen.findByRole('dialog', { name: 'Change dates' });
    expect(within(dialog).getByText('This rental is under way: only its drop-off date can change.')).toBeVisible();
    expect(within(dialog).getByLabelText('Pick-up date')).toBeDisabled();

    fireEvent.change(within(dialog).getByLabelText('Drop-off date'), { target: { value: addDays(today, 2) } });
    await within(dialog).findByText('New total', {}, SERVER);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm new dates' }));
    expect(
      await screen.findByText(`${formatDisplayDate(today)} → ${formatDisplayDate(addDays(today, 2))}`, {}, SERVER),
    ).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Change dates' })).not.toBeInTheDocument();
    unmount();
    expect((await rentalsOf(account.token))[0]).toMatchObject({
      pick_up_date: today,
      drop_off_date: addDays(today, 2),
    });
  });

  it('checks again after a lost answer with the same request and key: the change the server made, made once', async () => {
    const range = twoDaysFrom(14);
    const account = await signedInWithRental(range);
    const { unmount } = renderProfile();
    const { user, dialog } = await openDialog();
    const later = addDays(range.drop_off_date, 2);
    fireEvent.change(within(dialog).getByLabelText('Drop-off date'), { target: { value: later } });
    await within(within(dialog).getByRole('region', { name: 'New total' })).findByText('New total', {}, SERVER);

    const send = globalThis.fetch;
    // The change reaches the API and is made, but its answer never comes back.
    const lost = jest.spyOn(globalThis, 'fetch').mockImplementationOnce(async (...request) => {
      await send(...request);
      throw new TypeError('Failed to fetch');
    });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm new dates' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CHANGE_UNANSWERED);
    lost.mockRestore();
    // Made on the server (the live stream reads the account again meanwhile, so the check waits as a reader would).
    await waitFor(
      async () => expect((await rentalsOf(account.token))[0]).toMatchObject({ drop_off_date: later }),
      SERVER,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Check again' }));
    expect(
      await screen.findByText(`${formatDisplayDate(range.pick_up_date)} → ${formatDisplayDate(later)}`, {}, SERVER),
    ).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Change dates' })).not.toBeInTheDocument();
    unmount();
  });
});
