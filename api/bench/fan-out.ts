import { randomInt } from 'node:crypto';
import { type ClientRequest, request as httpRequest } from 'node:http';
import { MAX_DAYS_AHEAD } from '@rentora/shared/rules';
import { BENCH_RIDER, isoDayFromNow as isoDay } from './bench-rider';

export interface FanOutOptions {
  url: string;
  streams: number;
  /** Bookings made one after another, each timed at every stream. */
  bookings: number;
  tokens: readonly string[];
  cars: readonly string[];
  /** The API process's resident memory now. */
  rss: () => Promise<number>;
}

export interface FanOut {
  /** Milliseconds from sending a booking to its event at each stream: every stream, every booking. */
  arrivals: number[];
  /** Bytes of the API's resident memory per 1,000 idle streams. */
  rssPer1000: number;
}

/** How long a batch of streams may take to open, and every stream to hear one booking. */
const WAIT_MS = 30_000;

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${WAIT_MS / 1000} s`)), WAIT_MS);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

interface OpenStream {
  request: ClientRequest;
  /** Resolves with the time the next `availability` event arrived. */
  nextEvent(): Promise<number>;
}

function openStream(url: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    let waiting: ((at: number) => void) | undefined;
    const request = httpRequest(`${url}/api/events`, { agent: false }, (response) => {
      if (response.statusCode !== 200) {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.once('end', () => reject(new Error(`GET /api/events answered ${response.statusCode}: ${body}`)));
        return;
      }
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (waiting !== undefined && chunk.includes('event: availability')) {
          const wake = waiting;
          waiting = undefined;
          wake(performance.now());
        }
      });
      resolve({
        request,
        nextEvent: () =>
          new Promise((arrived) => {
            waiting = arrived;
          }),
      });
    });
    request.on('error', reject);
    request.end();
  });
}

function book(url: string, token: string, car: string): Promise<number> {
  const start = randomInt(1, MAX_DAYS_AHEAD - 5);
  const body = JSON.stringify({
    ...BENCH_RIDER,
    pick_up_date: isoDay(start),
    drop_off_date: isoDay(start),
  });
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${url}/api/book-ride/${car}`,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * `streams` idle streams on one instance, then bookings one at a time: how long each booking's
 * event takes to reach every stream (measured from sending the booking, so its transaction is
 * included), and what the streams cost the API in memory.
 */
export async function measureFanOut(options: FanOutOptions): Promise<FanOut> {
  const before = await options.rss();
  const streams: OpenStream[] = [];
  const arrivals: number[] = [];
  try {
    // A few at a time: the API's accept queue is not what is measured.
    for (let opened = 0; opened < options.streams; opened += 100) {
      const batch = Math.min(100, options.streams - opened);
      const opening = Array.from({ length: batch }, () =>
        openStream(options.url).then((stream) => streams.push(stream)),
      );
      await within(Promise.all(opening), `not every one of ${batch} streams opened`);
    }
    const rssPer1000 = ((await options.rss()) - before) / (options.streams / 1_000);

    for (let booking = 0; booking < options.bookings; booking += 1) {
      const events = streams.map((stream) => stream.nextEvent());
      const token = options.tokens[booking % options.tokens.length] ?? '';
      let sentAt = 0;
      let status = 0;
      // A random day of a random car may be taken by an earlier booking: try another.
      for (let attempt = 0; attempt < 20 && status !== 201; attempt += 1) {
        sentAt = performance.now();
        status = await book(options.url, token, options.cars[randomInt(options.cars.length)] ?? '');
      }
      if (status !== 201) throw new Error(`the fan-out's booking answered ${status}`);
      const heard = await within(Promise.all(events), `not every stream heard booking ${booking + 1}`);
      for (const at of heard) arrivals.push(at - sentAt);
    }
    return { arrivals, rssPer1000 };
  } finally {
    for (const stream of streams) stream.request.destroy();
  }
}
