import type { Rental, User } from '@rentora/shared';
import { $liveCars, $liveStatus, $token, $user, NetworkError, api } from '@rentora/state';
import { useEffect } from 'react';

/** Rentals whose status can still change (an operator cancels or hands over, the drop-off day passes, a hold is paid or lapses). */
const OPEN_STATUSES: ReadonlySet<Rental['status']> = new Set(['active', 'awaiting_payment', 'in_progress']);

/**
 * The user's rentals read again, for the open Profile. Only a good answer is taken: a failed
 * background read (a busy API) leaves the list as it was instead of logging anyone out, which a
 * failed read of the user on start-up does (docs/product.md §4).
 */
async function readRentalsAgain(): Promise<void> {
  const token = $token.get();
  if (!token) return;
  try {
    const answer = await api.getUser(token);
    if (answer.ok && $token.get() === token) $user.set(answer.body as User);
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
  }
}

/**
 * Keeps the open Profile's rentals current: while it shows rentals that can still change, the
 * tab's live stream stays open, and a change to one of their cars (an operator's cancellation or
 * stage move, a cancellation in another tab) reads the user again. So does the stream coming
 * back after a hidden tab, which missed the changes meanwhile. Reads never overlap: changes that
 * arrive during one make one more.
 */
export function useLiveRentals(rentals: readonly Rental[] | undefined): void {
  // A string, so a new user object with the same cars keeps the one subscription.
  const watchedCars = [
    ...new Set((rentals ?? []).filter(({ status }) => OPEN_STATUSES.has(status)).map(({ car }) => car._id)),
  ].join(',');
  useEffect(() => {
    if (watchedCars === '') return undefined;
    const watched = watchedCars.split(',');
    let reading = false;
    let again = false;
    const readAgain = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          await readRentalsAgain();
        } while (again);
      } finally {
        reading = false;
      }
    };
    const stopCars = $liveCars.listen((now, before) => {
      if (watched.some((id) => now[id] !== before?.[id])) void readAgain();
    });
    const stopStatus = $liveStatus.listen((status, before) => {
      if (status === 'live' && before !== 'live') void readAgain();
    });
    return () => {
      stopCars();
      stopStatus();
    };
  }, [watchedCars]);
}
