import { createHmac, randomInt } from 'node:crypto';
import { MAX_DAYS_AHEAD } from '@rentora/shared/rules';
import { DEVELOPMENT_KEYS } from '../src/payments/payments-config';
import { type SetupRequest, againstBare } from './against-bare';
import { BENCH_RIDER, isoDayFromNow as isoDay } from './bench-rider';
import type { BenchRow } from './bench-row';
import { fanOutRow } from './fan-out-row';
import { availableCars, fleetAnswer } from './row-fleet';

/**
 * The rows of `npm run bench -w api`, in the order they print. Each row runs on its own API on a
 * fresh database holding the fleet and the `data` it asks for, so rows can be added, removed,
 * reordered or picked (BENCH_ONLY) without changing another's figures.
 *
 * To add a row for an endpoint, add an `againstBare({...})` here: a `name` (BENCH_ONLY matches
 * it), the `data` its database needs (`riders`, `operator`, `history`), and `request(api)`
 * building the request from the row's own API (`api.url`, `api.riderTokens`, `api.operatorToken`;
 * `availableCars(api)` for its cars): `method`, `path`, and `headers`, a `body`, or a
 * `setupRequest` that varies every request. Optionally `target` (lowest ratio against the bare
 * server) or `maxP99Ms`, and `connections`. The smoke test (bench/api-bench.test.ts) runs the new
 * row in `npm test`; it fails if the API's first answer to the request is 4xx or 5xx. If the row
 * seeds or writes, add its name to the test's ON_POSTGRES so it runs on PostgreSQL there too.
 * A row that is not one request against a bare twin implements BenchRow itself (bench/fan-out-row.ts).
 */

/**
 * Each rider holds at most MAX_UPCOMING_RENTALS rentals, so enough riders that the booking mix
 * fills calendars (201s, then 409s), rather than every booking after the first few dozen stopping at the cap.
 */
const RIDERS = 1_000;
/** Years of rentals (issue 25: the operator's list, p99 under 50 ms at 10 connections, over this many). */
const HISTORY = { riders: RIDERS, history: 100_000 };

const bearer = (token: string | undefined) => ({ authorization: `Bearer ${token ?? ''}` });

/**
 * Riders booking random cars for 1–4 days within the bookable window (pick-up from tomorrow to
 * MAX_DAYS_AHEAD − 5, so the business time zone's day can never make it invalid): first mostly
 * 201s, then 409s as calendars fill and riders reach the cap. The tested path is the whole booking transaction.
 */
function bookingMix(tokens: string[], cars: string[]): SetupRequest {
  return (request) => {
    const start = randomInt(1, MAX_DAYS_AHEAD - 5);
    return {
      ...request,
      path: `/api/book-ride/${cars[randomInt(cars.length)]}`,
      headers: { ...bearer(tokens[randomInt(tokens.length)]), 'content-type': 'application/json' },
      body: JSON.stringify({
        ...BENCH_RIDER,
        pick_up_date: isoDay(start),
        drop_off_date: isoDay(start + randomInt(0, 4)),
      }),
    };
  };
}

/** Anyone asking what a random car costs for 1–5 days in the bookable window: the whole pricing path. */
function quoteMix(cars: string[]): SetupRequest {
  return (request) => {
    const start = randomInt(1, MAX_DAYS_AHEAD - 5);
    return {
      ...request,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        vehicle_id: cars[randomInt(cars.length)],
        pick_up_date: isoDay(start),
        drop_off_date: isoDay(start + randomInt(0, 4)),
      }),
    };
  };
}

/**
 * Signed webhook events, each with an id of its own, as the gateway sends them: a failed attempt
 * on an order, so each is verified over its raw bytes, parsed, and kept once in a transaction with
 * its (small) effect: what a burst of the gateway's retries costs.
 */
function signedWebhooks(): SetupRequest {
  const body = JSON.stringify({
    entity: 'event',
    event: 'payment.failed',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: 'pay_bench0000000001',
          entity: 'payment',
          order_id: 'order_bench000000001',
          amount: 1_180_000,
          currency: 'INR',
          status: 'failed',
          captured: false,
          method: 'upi',
          error_description: 'Payment failed: the bank declined it.',
        },
      },
    },
  });
  const signature = createHmac('sha256', DEVELOPMENT_KEYS.webhookSecret).update(body).digest('hex');
  let sent = 0;
  return (request) => {
    sent += 1;
    return {
      ...request,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signature,
        'x-razorpay-event-id': `evt_bench_${process.pid}_${sent}`,
      },
      body,
    };
  };
}

const searchDates = () => `pick_up_date=${isoDay(30)}&drop_off_date=${isoDay(32)}`;

/** Dated searches over ranges the read cache has mostly not seen: what a search costs the database. */
function variedSearches(): SetupRequest {
  return (request) => {
    const start = randomInt(1, MAX_DAYS_AHEAD - 30);
    return {
      ...request,
      path: `/api/vehicles?pick_up_date=${isoDay(start)}&drop_off_date=${isoDay(start + randomInt(0, 29))}`,
    };
  };
}

export const API_ROWS: readonly BenchRow[] = [
  againstBare({ name: 'GET /api/vehicles', target: 0.8, request: () => ({ method: 'GET', path: '/api/vehicles' }) }),
  againstBare({
    name: 'GET /api/vehicles (br)',
    target: 0.8,
    request: () => ({
      method: 'GET',
      path: '/api/vehicles',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    }),
  }),
  againstBare({
    // No target: its bare twin answers nearly nothing.
    name: 'GET /api/vehicles (304)',
    request: async (api) => ({
      method: 'GET',
      path: '/api/vehicles',
      headers: { 'if-none-match': (await fleetAnswer(api)).headers.get('etag') ?? '"none"' },
    }),
  }),
  againstBare({
    name: 'GET /api/vehicles/:id',
    target: 0.5,
    request: () => ({ method: 'GET', path: '/api/vehicles/mercedes-benz-s-class' }),
  }),
  againstBare({
    name: 'GET /api/user (Bearer)',
    target: 0.5,
    data: { riders: 1 },
    request: (api) => ({ method: 'GET', path: '/api/user', headers: bearer(api.riderTokens[0]) }),
  }),
  againstBare({
    name: 'POST /api/quotes mix',
    request: async (api) => ({ method: 'POST', path: '/api/quotes', setupRequest: quoteMix(await availableCars(api)) }),
  }),
  againstBare({
    name: 'POST /api/book-ride mix',
    data: { riders: RIDERS },
    request: async (api) => ({
      method: 'POST',
      path: '/api/book-ride',
      setupRequest: bookingMix(api.riderTokens, await availableCars(api)),
    }),
  }),
  // The searches look past years of rentals: one index seek per car, whatever the history.
  againstBare({
    name: 'GET /api/vehicles?dates',
    data: HISTORY,
    request: () => ({ method: 'GET', path: `/api/vehicles?${searchDates()}` }),
  }),
  againstBare({
    name: 'GET /api/vehicles?city+dates',
    data: HISTORY,
    request: () => ({ method: 'GET', path: `/api/vehicles?location=Goa&${searchDates()}` }),
  }),
  againstBare({
    name: 'GET /api/vehicles?dates varied',
    data: HISTORY,
    request: () => ({ method: 'GET', path: `/api/vehicles?${searchDates()}`, setupRequest: variedSearches() }),
  }),
  againstBare({
    name: 'GET operator bookings 100k/10c',
    data: { ...HISTORY, operator: true },
    connections: 10,
    maxP99Ms: 50,
    request: (api) => ({
      method: 'GET',
      path: '/api/operator/bookings?stage=completed&location=Mumbai&sort=pick_up_date&order=desc&page=3&per_page=20',
      headers: bearer(api.operatorToken),
    }),
  }),
  againstBare({
    name: 'POST /api/payments/webhook',
    minRps: 1_000,
    request: () => ({ method: 'POST', path: '/api/payments/webhook', setupRequest: signedWebhooks() }),
  }),
  fanOutRow,
];
