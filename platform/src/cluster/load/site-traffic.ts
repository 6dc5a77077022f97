import { randomInt, randomUUID } from 'node:crypto';
import { MAX_DAYS_AHEAD } from '@rentora/shared/rules';
import { SERVED_BY_HEADER } from '../haproxy-config';

/** The booking form of every rider of the load but for its dates (a well-formed one). */
const RIDER_FORM = {
  name: 'Load Rider',
  age: 30,
  email: 'load@example.com',
  phone_no: '9876543210',
  address: '1 Residency Road',
  pincode: '560025',
} as const;

/** `YYYY-MM-DD`, `offset` days from now (UTC). */
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A booking as it was asked for: who, which car, which days, under which key. */
export interface AskedBooking {
  rider: number;
  car: string;
  pick_up_date: string;
  drop_off_date: string;
  key: string;
}

/** One request of the load and what came of it. */
export interface Sent {
  kind: 'read' | 'booking';
  /** performance.now() when it was sent and when its answer (or failure) came. */
  startedAt: number;
  endedAt: number;
  /** The answer's status; undefined when no answer came (`error` says why). */
  status?: number;
  error?: string;
  /** The instance that answered (HAProxy's header). */
  servedBy?: string;
  booking?: AskedBooking;
}

export interface TrafficOptions {
  /** The site (HAProxy). */
  url: string;
  /** The riders' tokens; a booking is made by a random one. */
  riders: readonly string[];
  /** Cars a booking may ask for. */
  cars: readonly string[];
  /** Requests sent at once, each worker sending its next when the last is answered. */
  workers: number;
  /** The share of bookings (the rest reads the fleet), 0 to 1. */
  bookingShare: number;
  /** A request with no answer after this is a failure. */
  timeoutMs?: number;
}

export interface Traffic {
  /** Every request so far (those in flight are not in it yet). */
  readonly sent: readonly Sent[];
  /** Requests sent and not yet answered. */
  inFlight(): number;
  /** Stops sending, waits for what is in flight, and resolves with every request. */
  stop(): Promise<Sent[]>;
}

export function bookingBody(asked: AskedBooking): string {
  return JSON.stringify({ ...RIDER_FORM, pick_up_date: asked.pick_up_date, drop_off_date: asked.drop_off_date });
}

/** Sends a booking as the booking wizard does (with its `Idempotency-Key`); the same key resends it. */
export async function sendBooking(url: string, token: string, asked: AskedBooking, timeoutMs: number) {
  const response = await fetch(`${url}/api/book-ride/${asked.car}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': asked.key },
    body: bookingBody(asked),
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.arrayBuffer();
  return response;
}

/** A random booking: a random rider and car, 1–4 days from tomorrow to the end of the bookable window. */
export function randomBooking(riders: number, cars: readonly string[]): AskedBooking {
  const start = randomInt(1, MAX_DAYS_AHEAD - 5);
  return {
    rider: randomInt(riders),
    car: cars[randomInt(cars.length)] ?? '',
    pick_up_date: isoDay(start),
    drop_off_date: isoDay(start + randomInt(0, 4)),
    key: randomUUID(),
  };
}

/**
 * Shoppers on the site while it is measured or restarted: `workers` requests at a time, each a read
 * of the fleet or a booking by a random rider, one after another until stopped; every request and
 * what came of it is recorded.
 */
export function startTraffic(options: TrafficOptions): Traffic {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const sent: Sent[] = [];
  let inFlight = 0;
  let stopped = false;

  const once = async (): Promise<Sent> => {
    const booking = Math.random() < options.bookingShare;
    const asked = booking ? randomBooking(options.riders.length, options.cars) : undefined;
    const startedAt = performance.now();
    try {
      const response =
        asked === undefined
          ? await fetch(`${options.url}/api/vehicles`, { signal: AbortSignal.timeout(timeoutMs) }).then(
              async (answer) => {
                await answer.arrayBuffer();
                return answer;
              },
            )
          : await sendBooking(options.url, options.riders[asked.rider] ?? '', asked, timeoutMs);
      return {
        kind: booking ? 'booking' : 'read',
        startedAt,
        endedAt: performance.now(),
        status: response.status,
        servedBy: response.headers.get(SERVED_BY_HEADER) ?? undefined,
        booking: asked,
      };
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      return {
        kind: booking ? 'booking' : 'read',
        startedAt,
        endedAt: performance.now(),
        error: `${error instanceof Error ? error.message : String(error)}${cause}`,
        booking: asked,
      };
    }
  };

  const worker = async () => {
    while (!stopped) {
      inFlight += 1;
      const result = await once();
      inFlight -= 1;
      sent.push(result);
    }
  };
  const workers = Array.from({ length: options.workers }, worker);

  return {
    sent,
    inFlight: () => inFlight,
    stop: async () => {
      stopped = true;
      await Promise.all(workers);
      return sent;
    },
  };
}
