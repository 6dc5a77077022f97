import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type IncomingHttpHeaders, type OutgoingHttpHeaders, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Vehicle } from '@rentora/shared';
import { MAX_DAYS_AHEAD } from '@rentora/shared/rules';
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import { buildApp } from '../src/app';
import { hashPassword } from '../src/auth/passwords';
import { insertUser, setRole } from '../src/repositories/users';
import { testConfig } from '../src/testing/test-config';
import { BENCH_RIDER, isoDayFromNow as isoDay } from './bench-rider';
import { type FanOut, measureFanOut } from './fan-out';
import { seedRentalHistory } from './rental-history';

/**
 * The API against a bare node:http server answering the same bytes, same machine, same run:
 * the ratio is what Fastify, validation, the database and our code cost over doing nothing.
 * Beside throughput it prints each server's CPU time per answer: on a shared two-core machine the
 * load generator and the neighbours move req/s by a fifth from one round to the next, while the
 * CPU an answer costs hardly moves, so it is the figure to compare two versions of the code by.
 * Each server runs in a process of its own, so the load generator never shares its event loop;
 * product and bare rounds alternate, so a neighbour's burst of load hits both alike.
 * The API logs at info, the production default, into /dev/null: logging is part of its cost
 * (BENCH_LOG_LEVEL=warn shows how much: no line is written for an answered request).
 * BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the API process there; BENCH_ONLY=<regular expression>
 * runs only the scenarios whose name it matches (to profile one: `BENCH_ONLY='vehicles$'`; `fan-out` names
 * the live availability row).
 */
const CONNECTIONS = 50;
/** The operator's bookings list is measured over this many rentals (issue 25: p99 under 50 ms at 10 connections). */
const HISTORY_RENTALS = 100_000;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * Each rider holds at most MAX_UPCOMING_RENTALS rentals, so enough riders that the booking mix
 * fills calendars (and the searches' tables) as it did before the cap, rather than every booking
 * after the first few dozen stopping at the cap.
 */
const RIDERS = 1_000;
/** Riders of the fan-out row alone, one booking each: the booking mix leaves its riders at the rental cap. */
const FAN_OUT_BOOKINGS = 5;
const FAN_OUT_STREAMS = 2_000;
/** Every request of the bench comes from one address: the per-address write limit would refuse most of the booking mix. */
const UNLIMITED = 1_000_000_000;
/**
 * The bare server replays every header of the API's answer, security headers and request id
 * included, so both write the same bytes; Node's own server writes these per answer itself.
 */
const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** The lowest acceptable ratio against the bare server, printed beside the measured one. */
  target?: number;
  /** Varies each request (booking mix, varied searches); the bare server still answers one fixed answer. */
  setupRequest?: RequestSpec['setupRequest'];
  /** Other than CONNECTIONS. */
  connections?: number;
  /** The highest acceptable p99 latency in ms, printed beside the measured one. */
  maxP99Ms?: number;
  /** Run once before the scenario's first round (e.g. to fill the database it reads). */
  prepare?: () => Promise<void>;
}

interface Sample {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

function benchLogLevel(): 'info' | 'warn' {
  const level = process.env.BENCH_LOG_LEVEL ?? 'info';
  if (level !== 'info' && level !== 'warn') throw new Error('BENCH_LOG_LEVEL is info (the default) or warn.');
  return level;
}

/**
 * Child role: the real API on a fresh SQLite folder, with riders and an operator; sends `{url,
 * tokens, operatorToken}`. On the message `seed-history` it adds HISTORY_RENTALS rentals and
 * answers `{seeded}`.
 */
async function serveApi(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-bench-'));
  const config = testConfig(dataDir, { logLevel: benchLogLevel() });
  const app = await buildApp({
    ...config,
    rateLimit: { ...config.rateLimit, writesPerUser: UNLIMITED, writesPerIp: UNLIMITED, quotesPerIp: UNLIMITED },
    // The fan-out row opens its streams from this one address.
    events: { ...config.events, perIp: UNLIMITED, max: UNLIMITED },
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const passwordHash = await hashPassword('bench-password');
  const tokens: string[] = [];
  const riderIds: number[] = [];
  for (let index = 0; index < RIDERS + FAN_OUT_BOOKINGS; index += 1) {
    const { id, token_version: version } = await insertUser(app.db, {
      name: `Bench Rider ${index}`,
      email: `bench${index}@example.com`,
      password_hash: passwordHash,
      avatar: 'avatar1',
    });
    tokens.push(app.tokens.issue(id, version));
    riderIds.push(id);
  }
  const operator = await insertUser(app.db, {
    name: 'Bench Operator',
    email: 'operator@example.com',
    password_hash: passwordHash,
    avatar: 'avatar1',
  });
  await setRole(app.db, operator.id, 'operator');
  const operatorToken = app.tokens.issue(operator.id, operator.token_version);
  process.on('message', (message) => {
    if (message !== 'seed-history') return;
    void seedRentalHistory(app.db, HISTORY_RENTALS, riderIds).then(() => process.send?.({ seeded: true }));
  });
  process.once('SIGTERM', () => {
    void app.close().then(() => rm(dataDir, { recursive: true, force: true }).then(() => process.exit(0)));
  });
  answerCpuQueries();
  process.send?.({ url, tokens, operatorToken });
}

/** Both servers tell the bench how much CPU they have used, and their resident memory, on request, over IPC. */
function answerCpuQueries(): void {
  process.on('message', (message) => {
    if (message === 'cpu') process.send?.({ cpuMicros: cpuMicros() });
    if (message === 'rss') {
      // Settled memory, not garbage waiting for a collection (run with --expose-gc).
      globalThis.gc?.();
      process.send?.({ rss: process.memoryUsage().rss });
    }
  });
}

function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** Child role: answers every request with the status, headers and bytes of BENCH_SAMPLE_FILE; sends `{url}`. */
function serveBare(): void {
  const sample = JSON.parse(readFileSync(process.env.BENCH_SAMPLE_FILE ?? '', 'utf8')) as {
    status: number;
    headers: OutgoingHttpHeaders;
    body: string;
  };
  const bytes = Buffer.from(sample.body, 'base64');
  const headers = { ...sample.headers, 'content-length': bytes.length };
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(sample.status, headers);
      response.end(bytes);
    });
  });
  answerCpuQueries();
  server.listen(0, '127.0.0.1', () => {
    process.send?.({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  });
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

/** Every server the bench has started and not stopped: a run that fails, or is interrupted, stops them all. */
const running = new Set<ChildProcess>();

async function startChild<T>(
  role: string,
  env: NodeJS.ProcessEnv = {},
  nodeOptions: string[] = [],
): Promise<{ child: ChildProcess; ready: T }> {
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', __filename, role], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const ready = await new Promise<T>((resolve, reject) => {
    child.once('message', (message) => resolve(message as T));
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
  return { child, ready };
}

/** The CPU time a server has used; fails, instead of waiting forever, if the server has died. */
function cpuOf(child: ChildProcess): Promise<number> {
  return ask(child, 'cpu', 'cpuMicros');
}

/** A server's resident memory after a garbage collection, in bytes. */
function rssOf(child: ChildProcess): Promise<number> {
  return ask(child, 'rss', 'rss');
}

function ask(child: ChildProcess, question: string, field: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`a server exited with ${code} during the bench`));
    };
    const onMessage = (message: unknown) => {
      if (typeof message !== 'object' || message === null || !(field in message)) return;
      child.off('message', onMessage).off('exit', onExit);
      resolve(Number((message as Record<string, unknown>)[field]));
    };
    if (child.exitCode !== null || child.signalCode !== null) {
      reject(new Error(`a server exited with ${child.exitCode ?? child.signalCode} during the bench`));
      return;
    }
    child.on('message', onMessage).once('exit', onExit);
    child.send(question);
  });
}

/** Asks the API child to add its rental history, and waits until it has. */
function seedHistory(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (typeof message !== 'object' || message === null || !('seeded' in message)) return;
      child.off('message', onMessage);
      resolve();
    };
    child.on('message', onMessage);
    child.send('seed-history');
  });
}

/** Stops a server: SIGTERM, then SIGKILL if it has not exited 5 s later. */
function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** One answer of the API as it went over the wire (not decompressed), for the bare server to replay. */
function sample(url: string, scenario: Scenario): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${url}${scenario.path}`, { headers: scenario.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 200,
          headers: replayed(response.headers),
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

function replayed(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !WRITTEN_BY_NODE.has(name)));
}

function load(url: string, scenario: Scenario): Promise<Result> {
  return autocannon({
    url,
    connections: scenario.connections ?? CONNECTIONS,
    duration: DURATION_SECONDS,
    requests: [
      {
        method: scenario.method,
        path: scenario.path,
        ...(scenario.headers && { headers: scenario.headers }),
        ...(scenario.setupRequest && { setupRequest: scenario.setupRequest }),
      },
    ],
  });
}

/**
 * Riders booking random cars for 1–4 days within the bookable window (pick-up from tomorrow to
 * MAX_DAYS_AHEAD − 5, so the business time zone's day can never make it invalid): first mostly
 * 201s, then 409s as the calendar fills. The tested path is the whole booking transaction.
 */
function bookingMix(tokens: string[], cars: string[]): RequestSpec['setupRequest'] {
  return (request) => {
    // Within the booking limits (180 days ahead, 30 days long), so bookings land where searches look.
    const start = randomInt(1, MAX_DAYS_AHEAD - 5);
    return {
      ...request,
      path: `/api/book-ride/${cars[randomInt(cars.length)]}`,
      headers: { authorization: `Bearer ${tokens[randomInt(tokens.length)]}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        ...BENCH_RIDER,
        pick_up_date: isoDay(start),
        drop_off_date: isoDay(start + randomInt(0, 4)),
      }),
    };
  };
}

/** Anyone asking what a random car costs for 1–5 days in the bookable window: the whole pricing path. */
function quoteMix(cars: string[]): RequestSpec['setupRequest'] {
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

/** Dated searches over ranges the read cache has mostly not seen: what a search costs the database. */
function variedSearches(): RequestSpec['setupRequest'] {
  return (request) => {
    const start = randomInt(1, MAX_DAYS_AHEAD - 30);
    return {
      ...request,
      path: `/api/vehicles?pick_up_date=${isoDay(start)}&drop_off_date=${isoDay(start + randomInt(0, 29))}`,
    };
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

interface Load {
  result: Result;
  /** The server's CPU time (user + system) per answer, in µs. */
  cpuPerAnswer: number;
}

interface Round {
  measured: Load;
  baseline: Load;
}

const answers = (result: Result) => Object.values(result.statusCodeStats).reduce((sum, { count }) => sum + count, 0);

async function measuredLoad(server: ChildProcess, url: string, scenario: Scenario): Promise<Load> {
  const before = await cpuOf(server);
  const result = await load(url, scenario);
  const after = await cpuOf(server);
  return { result, cpuPerAnswer: (after - before) / Math.max(1, answers(result)) };
}

function row(scenario: Scenario, rounds: Round[]): string {
  const pick = (get: (round: Round) => number) => median(rounds.map(get));
  const ratio = pick((round) => round.measured.result.requests.average / round.baseline.result.requests.average);
  const p99 = pick((round) => round.measured.result.latency.p99);
  const target =
    scenario.maxP99Ms !== undefined
      ? `p99${p99 < scenario.maxP99Ms ? '<' : '≥'}${scenario.maxP99Ms}`
      : scenario.target === undefined
        ? ''
        : `${ratio >= scenario.target ? '≥' : '<'} ${scenario.target.toFixed(2)}×`;
  return [
    scenario.name.padEnd(30),
    `${Math.round(pick((round) => round.measured.result.requests.average))}`.padStart(7),
    `${pick((round) => round.measured.result.latency.p50)}`.padStart(5),
    `${pick((round) => round.measured.result.latency.p99)}`.padStart(5),
    `${Math.round(pick((round) => round.measured.cpuPerAnswer))}`.padStart(5),
    `${Math.round(pick((round) => round.baseline.result.requests.average))}`.padStart(8),
    `${pick((round) => round.baseline.result.latency.p50)}`.padStart(5),
    `${pick((round) => round.baseline.result.latency.p99)}`.padStart(5),
    `${Math.round(pick((round) => round.baseline.cpuPerAnswer))}`.padStart(5),
    `${ratio.toFixed(2)}×`.padStart(7),
    target.padStart(8),
    `${rounds.reduce((sum, { measured }) => sum + measured.result.errors + serverErrors(measured.result), 0)}`.padStart(
      5,
    ),
    statuses(rounds),
  ].join(' ');
}

/** Socket errors and 5xx count as errors; a 409 of the booking mix is an answer. */
const serverErrors = (result: Result) =>
  Object.entries(result.statusCodeStats).reduce((sum, [code, { count }]) => sum + (code >= '500' ? count : 0), 0);

/** The status codes answered, when not all 2xx: e.g. `201 55% 409 45%`. */
function statuses(rounds: Round[]): string {
  const counts = new Map<string, number>();
  for (const { measured } of rounds) {
    for (const [code, { count }] of Object.entries(measured.result.statusCodeStats))
      counts.set(code, (counts.get(code) ?? 0) + count);
  }
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  if ([...counts.keys()].every((code) => code.startsWith('2'))) return '';
  return [...counts].map(([code, count]) => `${code} ${Math.round((100 * count) / total)}%`).join(' ');
}

async function compare(): Promise<void> {
  const profileDir = process.env.BENCH_CPU_PROF;
  const api = await startChild<{ url: string; tokens: string[]; operatorToken: string }>('serve-api', {}, [
    '--expose-gc',
    ...(profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]),
  ]);
  const { url: apiUrl, operatorToken } = api.ready;
  const tokens = api.ready.tokens.slice(0, RIDERS);
  const fanOutTokens = api.ready.tokens.slice(RIDERS);
  const auth = { authorization: `Bearer ${tokens[0] ?? ''}` };
  const searchDates = `pick_up_date=${isoDay(30)}&drop_off_date=${isoDay(32)}`;
  const fleet = await sample(apiUrl, { name: '', method: 'GET', path: '/api/vehicles' });
  const fleetCars = JSON.parse(fleet.body.toString('utf8')) as Vehicle[];
  const cars = fleetCars.map((vehicle) => vehicle._id);
  const carsInService = fleetCars.filter((vehicle) => vehicle.availability).map((vehicle) => vehicle._id);
  const scenarios: Scenario[] = [
    { name: 'GET /api/vehicles', method: 'GET', path: '/api/vehicles', target: 0.8 },
    {
      name: 'GET /api/vehicles (br)',
      method: 'GET',
      path: '/api/vehicles',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      target: 0.8,
    },
    {
      name: 'GET /api/vehicles (304)',
      method: 'GET',
      path: '/api/vehicles',
      headers: { 'if-none-match': String(fleet.headers.etag ?? '"none"') },
    },
    { name: 'GET /api/vehicles/:id', method: 'GET', path: '/api/vehicles/mercedes-benz-s-class', target: 0.5 },
    { name: 'GET /api/user (Bearer)', method: 'GET', path: '/api/user', headers: auth, target: 0.5 },
    // Before the booking mix: every car is free, so each quote is priced in full (200), not refused.
    { name: 'POST /api/quotes mix', method: 'POST', path: '/api/quotes', setupRequest: quoteMix(carsInService) },
    {
      name: 'POST /api/book-ride mix',
      method: 'POST',
      path: '/api/book-ride/audi-q7',
      setupRequest: bookingMix(tokens, cars),
    },
    // After the mix, so the availability query has thousands of rentals to look past.
    { name: 'GET /api/vehicles?dates', method: 'GET', path: `/api/vehicles?${searchDates}` },
    { name: 'GET /api/vehicles?city+dates', method: 'GET', path: `/api/vehicles?location=Goa&${searchDates}` },
    {
      name: 'GET /api/vehicles?dates varied',
      method: 'GET',
      path: `/api/vehicles?${searchDates}`,
      setupRequest: variedSearches(),
    },
    // Last: the other rows keep measuring the database they always had.
    {
      name: 'GET operator bookings 100k/10c',
      method: 'GET',
      path: '/api/operator/bookings?stage=completed&location=Mumbai&sort=pick_up_date&order=desc&page=3&per_page=20',
      headers: { authorization: `Bearer ${operatorToken}` },
      connections: 10,
      maxP99Ms: 50,
      prepare: () => seedHistory(api.child),
    },
  ];

  const only = process.env.BENCH_ONLY === undefined ? undefined : new RegExp(process.env.BENCH_ONLY);
  const chosen = scenarios.filter((scenario) => only === undefined || only.test(scenario.name));
  if (chosen.length === 0 && only?.test('fan-out') !== true) {
    await stopChild(api.child);
    throw new Error(`BENCH_ONLY=${process.env.BENCH_ONLY} names no scenario.`);
  }
  // First, on the fresh API: its memory is not yet what the read rows left behind.
  const fanOut =
    only === undefined || only.test('fan-out')
      ? await measureFanOut({
          url: apiUrl,
          streams: FAN_OUT_STREAMS,
          bookings: FAN_OUT_BOOKINGS,
          tokens: fanOutTokens,
          cars,
          rss: () => rssOf(api.child),
        })
      : undefined;
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'rentora-bench-body-'));
  const rows: string[] = [];
  for (const scenario of chosen) {
    await scenario.prepare?.();
    const answer = await sample(apiUrl, scenario);
    const sampleFile = path.join(scratch, 'sample.json');
    await writeFile(sampleFile, JSON.stringify({ ...answer, body: answer.body.toString('base64') }));
    const bare = await startChild<{ url: string }>('serve-bare', { BENCH_SAMPLE_FILE: sampleFile });
    const rounds: Round[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      rounds.push({
        measured: await measuredLoad(api.child, apiUrl, scenario),
        baseline: await measuredLoad(bare.child, bare.ready.url, scenario),
      });
    }
    await stopChild(bare.child);
    rows.push(row(scenario, rounds));
  }
  await stopChild(api.child);
  await rm(scratch, { recursive: true, force: true });

  const header = `${'scenario'.padEnd(30)}   req/s   p50   p99   cpu  bare r/s   p50   p99   cpu   ratio   target  errs`;
  process.stdout.write(
    `${CONNECTIONS} connections, ${ROUNDS} alternated rounds of ${DURATION_SECONDS} s (medians), latency in ms, ` +
      `cpu: the server's CPU time per answer in µs, ` +
      `SQLite, log level ${benchLogLevel()}, ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}\n` +
      `${header}\n${rows.join('\n')}\n`,
  );
  if (fanOut !== undefined) process.stdout.write(fanOutRow(fanOut));
}

function fanOutRow({ arrivals, rssPer1000 }: FanOut): string {
  const sorted = [...arrivals].sort((a, b) => a - b);
  const at = (share: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN).toFixed(1);
  return (
    `live availability: ${FAN_OUT_STREAMS} open streams, ${FAN_OUT_BOOKINGS} bookings one after another, ` +
    `from sending each booking to its event at each stream (ms): p50 ${at(0.5)}, p99 ${at(0.99)}, ` +
    `max ${(sorted[sorted.length - 1] ?? Number.NaN).toFixed(1)} (goal: p99 < 250); ` +
    `API memory per 1,000 idle streams: ${(rssPer1000 / 1024 / 1024).toFixed(1)} MiB\n`
  );
}

/** Stops the servers still running, each given the SIGTERM it stops on (its database folder is removed then). */
function stopRunning(): Promise<unknown> {
  return Promise.all([...running].map((child) => stopChild(child)));
}

const role = process.argv[2];
const run = role === 'serve-api' ? serveApi() : role === 'serve-bare' ? Promise.resolve(serveBare()) : compare();
if (role === undefined) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stopRunning().then(() => process.exit(1)));
  }
}
run.catch(async (error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  await stopRunning();
  process.exit(1);
});
