import type { CarAvailability } from '@rentora/shared';
import { EventSource } from 'eventsource';
import { SERVED_BY_HEADER } from '../haproxy-config';
import type { AskedBooking } from './site-traffic';

/** A car and days, as a set of the days a stream heard of holds them. */
const rangeKey = (car: string, from: string, to: string) => `${car} ${from} ${to}`;

/** One reader of the live availability stream, as a browser's EventSource reads it. */
export interface WatchedStream {
  /** Every car and days any event said was booked (`rangeKey`). */
  readonly known: Set<string>;
  /** Events so far. */
  events: number;
  /** The instance each of its connections was answered by, the first and every reconnection. */
  readonly servedBy: string[];
  /** The stream was refused for good (an EventSource does not reconnect after a refusal). */
  failed?: string;
}

export interface WatchedStreams {
  readonly streams: readonly WatchedStream[];
  /** Resolves once every stream is open. */
  opened(timeoutMs?: number): Promise<void>;
  close(): void;
}

/**
 * `count` readers of `GET /api/events` on the site, with the `eventsource` package: the
 * WHATWG EventSource, which reconnects after the `retry:` the server gave and sends the last id
 * it saw as `Last-Event-ID`, and gives up on a refusal, as browsers do.
 */
export function watchStreams(url: string, count: number): WatchedStreams {
  const sources: EventSource[] = [];
  const streams = Array.from({ length: count }, () => {
    const stream: WatchedStream = { known: new Set(), events: 0, servedBy: [] };
    const source = new EventSource(`${url}/api/events`, {
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        stream.servedBy.push(response.headers.get(SERVED_BY_HEADER) ?? '?');
        return response;
      },
    });
    source.addEventListener('availability', (event) => {
      const car = JSON.parse(String(event.data)) as CarAvailability;
      stream.events += 1;
      for (const range of car.booked) stream.known.add(rangeKey(car._id, range.pick_up_date, range.drop_off_date));
    });
    source.addEventListener('error', (event) => {
      if (source.readyState === EventSource.CLOSED) stream.failed = event.message ?? 'refused';
    });
    sources.push(source);
    return stream;
  });
  return {
    streams,
    opened: async (timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      while (sources.some((source) => source.readyState !== EventSource.OPEN)) {
        const refused = streams.find((stream) => stream.failed !== undefined);
        if (refused !== undefined) throw new Error(`a live stream was refused: ${refused.failed}`);
        if (Date.now() > deadline) throw new Error(`not every live stream opened within ${timeoutMs / 1000} s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => sources.forEach((source) => source.close()),
  };
}

/** Whether the stream was told of the booking: an event of its car with its days among the booked. */
export function heard(stream: WatchedStream, booking: AskedBooking): boolean {
  return stream.known.has(rangeKey(booking.car, booking.pick_up_date, booking.drop_off_date));
}

/**
 * Waits (up to `timeoutMs`) until every stream has heard of every booking; resolves with how many
 * (stream, booking) pairs are still unheard then.
 */
export async function waitUntilHeard(
  streams: readonly WatchedStream[],
  bookings: readonly AskedBooking[],
  timeoutMs: number,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const unheard = streams.reduce(
      (sum, stream) => sum + bookings.filter((booking) => !heard(stream, booking)).length,
      0,
    );
    if (unheard === 0 || Date.now() > deadline) return unheard;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
