import type { CustomerRental } from '@rentora/shared';
import { type AskedBooking, type Sent, sendBooking } from './site-traffic';

/** What the API itself may answer under load: a read 200; a booking 201, or 409 (taken, the cap) or 429 (a limit). */
const EXPECTED = { read: [200], booking: [201, 409, 429] } as const;

/** Requests that failed: no answer, or an answer the API would not give (a 502 or 503 from HAProxy, a 5xx). */
export function failedRequests(sent: readonly Sent[]): Sent[] {
  return sent.filter(
    ({ kind, status }) => status === undefined || !(EXPECTED[kind] as readonly number[]).includes(status),
  );
}

/** One line per kind of failure, with its count: `3 × booking: fetch failed: other side closed`. */
export function describeFailures(failed: readonly Sent[]): string {
  const kinds = new Map<string, number>();
  for (const { kind, status, error } of failed) {
    const what = `${kind}: ${status ?? error ?? 'no answer'}`;
    kinds.set(what, (kinds.get(what) ?? 0) + 1);
  }
  return [...kinds].map(([what, count]) => `${count} × ${what}`).join('; ');
}

/**
 * Bookings that got no answer (or a 5xx) are sent again with their `Idempotency-Key`, as the
 * booking wizard's retry does: the API answers the first outcome of one that did commit. Resolves
 * with every booking whose outcome is 201, the first answers and the resent ones together.
 */
export async function bookedInTheEnd(
  url: string,
  riders: readonly string[],
  sent: readonly Sent[],
): Promise<AskedBooking[]> {
  const booked: AskedBooking[] = [];
  for (const { booking, status } of sent) {
    if (booking === undefined) continue;
    if (status === 201) booked.push(booking);
    else if (status === undefined || status >= 500) {
      const again = await sendBooking(url, riders[booking.rider] ?? '', booking, 30_000);
      if (again.status === 201) booked.push(booking);
      else if (again.status >= 500) throw new Error(`a booking resent with its key answered ${again.status}`);
    }
  }
  return booked;
}

export interface BookingsCheck {
  /** Bookings answered 201 that are not among their rider's rentals. */
  lost: AskedBooking[];
  /** Rentals held twice: the same rider, car and days. */
  doubled: string[];
  /** Rentals of the load's riders that no 201 answered. */
  unanswered: string[];
}

const rentalKey = (car: string, from: string, to: string) => `${car} ${from}..${to}`;

/** Every 201 is among its rider's rentals (`GET /api/rentals`) once, and nothing else is. */
export async function checkBookings(
  url: string,
  riders: readonly string[],
  booked: readonly AskedBooking[],
  ridersWhoBooked: ReadonlySet<number>,
): Promise<BookingsCheck> {
  const check: BookingsCheck = { lost: [], doubled: [], unanswered: [] };
  for (const rider of ridersWhoBooked) {
    const response = await fetch(`${url}/api/rentals`, { headers: { authorization: `Bearer ${riders[rider] ?? ''}` } });
    if (!response.ok) throw new Error(`GET /api/rentals answered ${response.status}`);
    const held = new Map<string, number>();
    for (const rental of (await response.json()) as CustomerRental[]) {
      if (rental.status === 'cancelled') continue;
      const key = rentalKey(rental.car._id, rental.pick_up_date, rental.drop_off_date);
      held.set(key, (held.get(key) ?? 0) + 1);
    }
    const expected = new Set<string>();
    for (const booking of booked.filter((candidate) => candidate.rider === rider)) {
      const key = rentalKey(booking.car, booking.pick_up_date, booking.drop_off_date);
      expected.add(key);
      if (!held.has(key)) check.lost.push(booking);
    }
    for (const [key, count] of held) {
      if (count > 1) check.doubled.push(`rider ${rider}: ${key} × ${count}`);
      if (!expected.has(key)) check.unanswered.push(`rider ${rider}: ${key}`);
    }
  }
  return check;
}
