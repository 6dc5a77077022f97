import { formatDisplayDate, ModalFrame } from '@rentora/shared';
import { $liveStatus, $pagePaths, $toasts, $token, $user, $userLoading, api } from '@rentora/state';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@rentora/state/router';
import { MemoryRouter } from '@rentora/state/testing/memory-router';
import {
  bookRide,
  futureRange,
  logInElsewhere,
  registerAccount,
  withApiUnreachable,
  type TestAccount,
} from '../../testing/accounts';
import { ProfileModal } from './profile-modal';

const TITLE_ID = 'profile-title';
const SERVER = { timeout: 15_000 };
jest.setTimeout(30_000);

function renderProfile() {
  // The fleet's page is the catalog's: the host tells where it is.
  $pagePaths.set({ fleet: '/vehicles' });
  const onClose = jest.fn();
  const user = userEvent.setup();
  render(
    <MemoryRouter url="/">
      <ModalFrame titleId={TITLE_ID} onClose={onClose}>
        <ProfileModal titleId={TITLE_ID} onClose={onClose} />
      </ModalFrame>
      <Routes>
        <Route path="/" element={<p>Home page</p>} />
        <Route path="/vehicles" element={<p>Fleet page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return { user, onClose };
}

async function logInAs(account: TestAccount) {
  $token.set(account.token);
  await waitFor(() => expect($user.get()?.email).toBe(account.email), SERVER);
}

const toastMessages = () => $toasts.get().map(({ kind, message }) => `${kind}: ${message}`);

/** What the server answers for the token now: 200 while the session lives, 401 once it is revoked. */
const sessionStatus = async (token: string) => (await api.getUser(token)).status;

afterEach(() => {
  $token.set(undefined);
  $toasts.set([]);
});

describe('ProfileModal', () => {
  it('is a dialog titled Profile, with skeletons while the user loads, then avatar, name and email', async () => {
    const account = await registerAccount('Meera Iyer', 'avatar6');
    $token.set(account.token);
    renderProfile();

    expect(screen.getByRole('dialog')).toHaveAccessibleName('Profile');
    expect(screen.getByRole('status', { name: 'Loading your profile' })).toBeInTheDocument();

    expect(await screen.findByText('Meera Iyer', undefined, SERVER)).toBeVisible();
    expect(screen.getByText(account.email)).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Loading your profile' })).not.toBeInTheDocument();
  });

  it('offers to try again when the user could not be loaded', async () => {
    const account = await registerAccount('Tara Singh');
    await withApiUnreachable(async () => {
      $token.set(account.token);
      await waitFor(() => expect($userLoading.get()).toBe(false), SERVER);
    });
    const { user } = renderProfile();

    expect(screen.getByRole('alert')).toHaveTextContent('Your profile could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Tara Singh', undefined, SERVER)).toBeVisible();
  });

  it('logs out: closes, forgets the token, says ‘You’ve been logged out!’ and the server refuses the token', async () => {
    const account = await registerAccount();
    await logInAs(account);
    const { user, onClose } = renderProfile();

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(onClose).toHaveBeenCalledTimes(1);
    expect($token.get()).toBeUndefined();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(toastMessages()).toEqual(['success: You’ve been logged out!']);
    await waitFor(async () => expect(await sessionStatus(account.token)).toBe(401), SERVER);
  });

  it('logs out here all the same when the server cannot be reached', async () => {
    const account = await registerAccount();
    await logInAs(account);
    const { user, onClose } = renderProfile();

    await withApiUnreachable(() => user.click(screen.getByRole('button', { name: 'Logout' })));

    expect(onClose).toHaveBeenCalledTimes(1);
    expect($token.get()).toBeUndefined();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(toastMessages()).toEqual(['success: You’ve been logged out!']);
  });

  it('logs out here all the same when the server refuses a token it already revoked', async () => {
    const account = await registerAccount();
    await logInAs(account);
    const { user, onClose } = renderProfile();
    // Revoked meanwhile, as 'Log out everywhere' on another device does.
    expect((await api.logoutEverywhere(account.token)).status).toBe(200);

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(onClose).toHaveBeenCalledTimes(1);
    expect($token.get()).toBeUndefined();
    expect(toastMessages()).toEqual(['success: You’ve been logged out!']);
  });

  describe('Log out everywhere', () => {
    it('is a button described by what it does, worked from the keyboard', async () => {
      await logInAs(await registerAccount());
      const { user } = renderProfile();

      const everywhere = screen.getByRole('button', { name: 'Log out everywhere' });
      expect(everywhere).toHaveAccessibleDescription('End every session on all your devices, this one included.');
      expect(screen.getByText('Signed in somewhere else?')).toBeVisible();
      // Right after Logout in the tab order.
      screen.getByRole('button', { name: 'Logout' }).focus();
      await user.tab();
      expect(everywhere).toHaveFocus();
    });

    it('ends every session of the account, then closes and says so', async () => {
      const account = await registerAccount();
      const otherDevice = await logInElsewhere(account);
      await logInAs(account);
      const { user, onClose } = renderProfile();
      const everywhere = screen.getByRole('button', { name: 'Log out everywhere' });

      everywhere.focus();
      await user.keyboard('{Enter}');
      expect(everywhere).toBeDisabled();
      expect(everywhere).toHaveAttribute('aria-busy', 'true');

      await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), SERVER);
      expect($token.get()).toBeUndefined();
      expect(window.localStorage.getItem('token')).toBeNull();
      expect(toastMessages()).toEqual(['success: You’ve been logged out on every device!']);
      expect(await sessionStatus(account.token)).toBe(401);
      expect(await sessionStatus(otherDevice)).toBe(401);
    });

    it('does not pretend when the server cannot be reached: still logged in, an error toast, focus kept', async () => {
      const account = await registerAccount();
      const otherDevice = await logInElsewhere(account);
      await logInAs(account);
      const { user, onClose } = renderProfile();
      const everywhere = screen.getByRole('button', { name: 'Log out everywhere' });

      await withApiUnreachable(async () => {
        await user.click(everywhere);
        await waitFor(
          () => expect(toastMessages()).toEqual(['error: Couldn’t log out everywhere. Please try again.']),
          SERVER,
        );
      });

      expect(onClose).not.toHaveBeenCalled();
      expect($token.get()).toBe(account.token);
      expect(screen.getByText(account.email)).toBeVisible();
      expect(everywhere).toBeEnabled();
      expect(everywhere).toHaveFocus();
      expect(await sessionStatus(account.token)).toBe(200);
      expect(await sessionStatus(otherDevice)).toBe(200);
    });

    it('says it could not when the server refused the token, which ends the session here', async () => {
      const account = await registerAccount();
      await logInAs(account);
      const { user, onClose } = renderProfile();
      expect((await api.logout(account.token)).status).toBe(200);

      await user.click(screen.getByRole('button', { name: 'Log out everywhere' }));

      await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), SERVER);
      expect($token.get()).toBeUndefined();
      expect(toastMessages()).toEqual(['error: Couldn’t log out everywhere. Please try again.']);
    });
  });

  it('with no rentals links to the fleet and closes', async () => {
    await logInAs(await registerAccount());
    const { user, onClose } = renderProfile();

    expect(screen.queryByRole('heading', { name: 'Your rentals' })).not.toBeInTheDocument();
    const explore = screen.getByRole('link', { name: 'No rentals yet! Explore cars now!' });
    expect(explore).toHaveAttribute('href', '/vehicles');

    await user.click(explore);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Fleet page')).toBeInTheDocument();
  });

  it('with no rentals and the fleet’s page unknown to the site (the catalog cannot be read), says so with no dead link', async () => {
    await logInAs(await registerAccount());
    renderProfile();
    await screen.findByRole('link', { name: 'No rentals yet! Explore cars now!' }, SERVER);
    act(() => $pagePaths.set({}));

    expect(screen.getByText('No rentals yet! Explore cars now!')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'No rentals yet! Explore cars now!' })).not.toBeInTheDocument();
  });

  it('lists rentals newest first, with dates as day/month/year, days and total', async () => {
    const account = await registerAccount();
    const older = await bookRide(account, 'lexus-ls', futureRange(3));
    const newer = await bookRide(account, 'volvo-xc90', futureRange(1));
    await logInAs(account);
    const received = $user.get()?.cars_rented.map((rental) => rental.car._id);
    renderProfile();

    expect(screen.getByRole('heading', { name: 'Your rentals' })).toBeVisible();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);

    expect(within(items[0]!).getByText('Volvo')).toBeVisible();
    expect(within(items[0]!).getByText('Volvo XC90')).toBeVisible();
    expect(
      within(items[0]!).getByText(
        `${formatDisplayDate(newer.pick_up_date)} → ${formatDisplayDate(newer.drop_off_date)}`,
      ),
    ).toBeVisible();
    expect(within(items[0]!).getByText('1 day · ₹22,000')).toBeVisible();

    expect(within(items[1]!).getByText('Lexus LS')).toBeVisible();
    expect(
      within(items[1]!).getByText(
        `${formatDisplayDate(older.pick_up_date)} → ${formatDisplayDate(older.drop_off_date)}`,
      ),
    ).toBeVisible();
    expect(within(items[1]!).getByText('3 days · ₹72,000')).toBeVisible();
    expect(within(items[1]!).getByRole('button', { name: 'Cancel Rental' })).toBeVisible();

    // Reversed for display only: the store keeps the order the server sent.
    expect($user.get()?.cars_rented.map((rental) => rental.car._id)).toEqual(received);
    expect(received).toEqual(['lexus-ls', 'volvo-xc90']);
  });

  it('asks before cancelling, and ‘Keep it’ changes nothing', async () => {
    const account = await registerAccount();
    await bookRide(account, 'bmw-7-series');
    await logInAs(account);
    const { user } = renderProfile();

    await user.click(screen.getByRole('button', { name: 'Cancel Rental' }));
    const question = screen.getByRole('group', { name: 'Cancel the BMW BMW 7 Series rental?' });
    expect(within(question).getByText('Cancel this rental?')).toBeVisible();
    expect(within(question).getByRole('button', { name: 'Keep it' })).toHaveFocus();

    await user.click(within(question).getByRole('button', { name: 'Keep it' }));
    expect(screen.getByRole('button', { name: 'Cancel Rental' })).toHaveFocus();
    expect($user.get()?.cars_rented[0]?.status).toBe('active');
    expect(toastMessages()).toEqual([]);
  });

  it('cancels once confirmed: one request, a success toast, and the user fetched again', async () => {
    const account = await registerAccount();
    await bookRide(account, 'audi-q7');
    await logInAs(account);
    const { user } = renderProfile();

    await user.click(screen.getByRole('button', { name: 'Cancel Rental' }));
    const confirm = screen.getByRole('button', { name: 'Yes, cancel' });
    // Confirming waits for the refund terms.
    await waitFor(() => expect(confirm).toBeEnabled(), SERVER);
    await user.dblClick(confirm);
    expect(confirm).toBeDisabled();

    expect(await screen.findByText('Rental Cancelled', undefined, SERVER)).toBeVisible();
    expect(screen.getByText('Rental Cancelled')).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Cancel Rental' })).not.toBeInTheDocument();
    expect(toastMessages()).toEqual(['success: Rental cancelled successfully!']);
    expect($user.get()?.cars_rented[0]?.status).toBe('cancelled');
  });

  it('says ‘Failed to cancel rental!’ when the server cannot be reached', async () => {
    const account = await registerAccount();
    await bookRide(account, 'land-rover-range-rover');
    await logInAs(account);
    const { user } = renderProfile();

    await user.click(screen.getByRole('button', { name: 'Cancel Rental' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Yes, cancel' })).toBeEnabled(), SERVER);
    await withApiUnreachable(async () => {
      await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
      await waitFor(() => expect(toastMessages()).toEqual(['error: Failed to cancel rental!']), SERVER);
    });
    expect(screen.getByRole('button', { name: 'Cancel Rental' })).toBeEnabled();
  });

  it('shows a rental cancelled elsewhere as cancelled while it is open, from the live stream', async () => {
    const account = await registerAccount();
    await bookRide(account, 'volvo-xc90');
    await logInAs(account);
    renderProfile();
    await waitFor(() => expect($liveStatus.get()).toBe('live'), SERVER);

    // Another tab, or an operator, cancels it.
    expect((await api.cancelRide('volvo-xc90', account.token)).ok).toBe(true);

    expect(await screen.findByText('Rental Cancelled', undefined, SERVER)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel Rental' })).not.toBeInTheDocument();
    expect(toastMessages()).toEqual([]);
  });

  it('keeps the list and the session when a background read fails, and catches up on the next change', async () => {
    const account = await registerAccount();
    await bookRide(account, 'bmw-x1');
    await logInAs(account);
    renderProfile();
    await waitFor(() => expect($liveStatus.get()).toBe('live'), SERVER);
    const reads = jest.spyOn(globalThis, 'fetch');
    try {
      await withApiUnreachable(async () => {
        // Cancelled elsewhere while this tab cannot reach the API: the stream, already open, tells it.
        const apiUrl = process.env.RENTORA_TEST_API_URL ?? '';
        const cancelled = await fetch(`${apiUrl}/api/cancel-ride/bmw-x1`, {
          method: 'POST',
          headers: { authorization: `Bearer ${account.token}` },
        });
        expect(cancelled.status).toBe(200);
        const failedRead = async () => {
          const index = reads.mock.calls.findIndex(([url]) => url === 'http://127.0.0.1:9/api/user');
          expect(index).toBeGreaterThanOrEqual(0);
          await (reads.mock.results[index]?.value as Promise<Response>).catch(() => undefined);
        };
        await waitFor(failedRead, SERVER);
      });
    } finally {
      reads.mockRestore();
    }
    // The read failed: the list stays as it was, and nobody is logged out or told off.
    expect(screen.getByRole('button', { name: 'Cancel Rental' })).toBeInTheDocument();
    expect($token.get()).toBe(account.token);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(toastMessages()).toEqual([]);

    // The next change to the car (another customer books it) reads again, and the profile catches up.
    const other = await registerAccount('Kabir Rao');
    const caughtUp = screen.findByText('Rental Cancelled', undefined, SERVER);
    await bookRide(other, 'bmw-x1');
    expect(await caughtUp).toBeVisible();
  });

  it('offers no cancel for a rental cancelled elsewhere, and shows it as it is now', async () => {
    // Without the live stream (a proxy that blocks it), this profile cannot learn of the other tab.
    const { EventSource } = globalThis;
    Reflect.deleteProperty(globalThis, 'EventSource');
    // The stream an earlier test opened closes a moment after its last listener left.
    await waitFor(() => expect($liveStatus.get()).toBe('off'), SERVER);
    try {
      const account = await registerAccount();
      await bookRide(account, 'mercedes-amg-g63');
      await logInAs(account);
      const { user } = renderProfile();
      // Cancelled elsewhere (another tab), so this profile is out of date and the server answers 404.
      expect((await api.cancelRide('mercedes-amg-g63', account.token)).ok).toBe(true);

      await user.click(screen.getByRole('button', { name: 'Cancel Rental' }));

      // The refund terms find the rental no longer open (RENTAL_GONE, for a moment): the profile
      // reads it again and shows it cancelled, with nothing left to confirm.
      expect(await screen.findByText('Rental Cancelled', undefined, SERVER)).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Yes, cancel' })).not.toBeInTheDocument();
      expect(toastMessages()).toEqual([]);
    } finally {
      globalThis.EventSource = EventSource;
    }
  });
});
