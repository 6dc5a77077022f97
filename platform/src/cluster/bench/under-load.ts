import { type WatchedStreams, waitUntilHeard, watchStreams } from '../load/live-streams';
import { type BookingsCheck, bookedInTheEnd, checkBookings, failedRequests } from '../load/nothing-lost';
import { type AskedBooking, type Sent, type Traffic, startTraffic } from '../load/site-traffic';
import type { BenchEnv, BenchSite } from './bench-cluster-site';
import { ms, quantile } from './check';

/** The load of the restart and the kill: shoppers reading the fleet, and a share of bookings. */
const WORKERS = 24;
const BOOKING_SHARE = 0.3;
export const LOAD_RIDERS = 3_000;
/** How long the streams may take, after the load, to hear of the last bookings. */
const HEARING_TIMEOUT_MS = 30_000;

export interface LoadOutcome {
  sent: Sent[];
  failed: Sent[];
  booked: AskedBooking[];
  bookings: BookingsCheck;
  /** (stream, booking) pairs never heard. */
  unheard: number;
  watched: WatchedStreams;
  lines: string[];
  /** performance.now() when the load started. */
  startedAt: number;
}

/** `+12.3 s`: when something happened, counted from the load's start. */
export const since = (startedAt: number, at = performance.now()) => `+${((at - startedAt) / 1000).toFixed(1)} s`;

/** The first failures, each with when it was sent and answered. */
const FAILURES_SHOWN = 5;

function statuses(sent: readonly Sent[]): string {
  const counts = new Map<string, number>();
  for (const { status } of sent) counts.set(String(status ?? 'none'), (counts.get(String(status ?? 'none')) ?? 0) + 1);
  return [...counts]
    .sort()
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
}

/**
 * `seconds` of load on the site with `env.watchers` live streams open, `during` run a moment into
 * it; then the answers are checked: failures, every booking answered 201 held once (bookings with
 * no answer resent with their key first, as the wizard does), every stream told of every one.
 */
export async function underLoad(
  env: BenchEnv,
  site: BenchSite,
  seconds: number,
  during: (traffic: Traffic, watched: WatchedStreams, startedAt: number) => Promise<void>,
): Promise<LoadOutcome> {
  const watched = watchStreams(site.url, env.watchers);
  try {
    await watched.opened();
    const started = performance.now();
    const traffic = startTraffic({
      url: site.url,
      riders: site.riders,
      cars: site.cars,
      workers: WORKERS,
      bookingShare: BOOKING_SHARE,
    });
    try {
      await during(traffic, watched, started);
      const left = seconds * 1000 - (performance.now() - started);
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    } finally {
      await traffic.stop();
    }
    const sent = [...traffic.sent];
    const elapsed = (performance.now() - started) / 1000;
    const failed = failedRequests(sent);
    const booked = await bookedInTheEnd(site.url, site.riders, sent);
    const ridersWhoBooked = new Set(sent.flatMap(({ booking }) => (booking === undefined ? [] : [booking.rider])));
    const bookings = await checkBookings(site.url, site.riders, booked, ridersWhoBooked);
    const unheard = await waitUntilHeard(watched.streams, booked, HEARING_TIMEOUT_MS);
    const took = (kind: Sent['kind']) =>
      sent.filter((one) => one.kind === kind).map((one) => one.endedAt - one.startedAt);
    const reconnections = watched.streams.reduce((sum, stream) => sum + stream.servedBy.length - 1, 0);
    const lines = [
      `  load: ${WORKERS} requests at a time for ${elapsed.toFixed(0)} s, ${Math.round(BOOKING_SHARE * 100)}% bookings: ` +
        `${sent.length} requests, ${Math.round(sent.length / elapsed)} req/s; ` +
        `reads p99 ${ms(quantile(took('read'), 0.99))}, bookings p99 ${ms(quantile(took('booking'), 0.99))}`,
      `  answers: ${statuses(sent)}`,
      `  failed requests: ${failed.length}`,
      ...failed
        .slice(0, FAILURES_SHOWN)
        .map(
          (one) =>
            `    ${one.kind} sent ${since(started, one.startedAt)}, ended ${since(started, one.endedAt)}: ` +
            `${one.status ?? one.error ?? 'no answer'}`,
        ),
      `  bookings answered 201 (resent ones included): ${booked.length}; lost ${bookings.lost.length}, ` +
        `doubled ${bookings.doubled.length}, held without a 201 ${bookings.unanswered.length}`,
      `  live streams: ${env.watchers}, ${reconnections} reconnections, ` +
        `${watched.streams.filter((stream) => stream.failed !== undefined).length} refused; ` +
        `(stream, booking) pairs not heard: ${unheard} of ${env.watchers * booked.length}`,
    ];
    return { sent, failed, booked, bookings, unheard, watched, lines, startedAt: started };
  } finally {
    // Left open, a browser's EventSource keeps reconnecting: to the next check's cluster, on these ports.
    watched.close();
  }
}

/** The thresholds every load run shares: no booking lost or doubled, every stream heard every booking. */
export function nothingLost(outcome: LoadOutcome): string[] {
  const missed: string[] = [];
  const { lost, doubled, unanswered } = outcome.bookings;
  if (lost.length > 0) missed.push(`${lost.length} bookings answered 201 are not held`);
  if (doubled.length > 0) missed.push(`${doubled.length} bookings are held twice`);
  if (unanswered.length > 0) missed.push(`${unanswered.length} rentals are held that no 201 answered`);
  const refused = outcome.watched.streams.filter((stream) => stream.failed !== undefined).length;
  if (refused > 0) missed.push(`${refused} live streams were refused on reconnecting`);
  if (outcome.unheard > 0) missed.push(`${outcome.unheard} (stream, booking) pairs were never heard`);
  return missed;
}
