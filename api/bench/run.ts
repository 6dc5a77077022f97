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
import { insertUser } from '../src/repositories/users';
import { testConfig } from '../src/testing/test-config';

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
 * runs only the scenarios whose name it matches (to profile one: `BENCH_ONLY='vehicles$'`).
 */
const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RIDERS = 20;
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

/** Child role: the real API on a fresh SQLite folder, with riders; sends `{url, tokens}`. */
async function serveApi(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-bench-'));
  const app = await buildApp(testConfig(dataDir, { logLevel: benchLogLevel() }));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const passwordHash = await hashPassword('bench-password');
  const tokens: string[] = [];
  for (let index = 0; index < RIDERS; index += 1) {
    const id = await insertUser(app.db, {
      name: `Bench Rider ${index}`,
      email: `bench${index}@example.com`,
      password_hash: passwordHash,
      avatar: 'avatar1',
    });
    tokens.push(app.tokens.issue(id));
  }
  process.once('SIGTERM', () => {
    void app.close().then(() => rm(dataDir, { recursive: true, force: true }).then(() => process.exit(0)));
  });
  answerCpuQueries();
  process.send?.({ url, tokens });
}

/** Both servers tell the bench how much CPU they have used, on request, over IPC. */
function answerCpuQueries(): void {
  process.on('message', (message) => {
    if (message === 'cpu') process.send?.({ cpuMicros: cpuMicros() });
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

async function startChild<T>(
  role: string,
  env: NodeJS.ProcessEnv = {},
  nodeOptions: string[] = [],
): Promise<{ child: ChildProcess; ready: T }> {
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', __filename, role], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = await new Promise<T>((resolve, reject) => {
    child.once('message', (message) => resolve(message as T));
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
  return { child, ready };
}

/** The CPU time a server has used; fails, instead of waiting forever, if the server has died. */
function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`a server exited with ${code} during the bench`));
    };
    const onMessage = (message: unknown) => {
      if (typeof message !== 'object' || message === null || !('cpuMicros' in message)) return;
      child.off('message', onMessage).off('exit', onExit);
      resolve(Number(message.cpuMicros));
    };
    if (child.exitCode !== null || child.signalCode !== null) {
      reject(new Error(`a server exited with ${child.exitCode ?? child.signalCode} during the bench`));
      return;
    }
    child.on('message', onMessage).once('exit', onExit);
    child.send('cpu');
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
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
    connections: CONNECTIONS,
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

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

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
        name: 'Bench Rider',
        age: 30,
        email: 'bench@example.com',
        phone_no: '9876543210',
        address: '1 Residency Road',
        pincode: '560025',
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
  const target =
    scenario.target === undefined ? '' : `${ratio >= scenario.target ? '≥' : '<'} ${scenario.target.toFixed(2)}×`;
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
  const api = await startChild<{ url: string; tokens: string[] }>(
    'serve-api',
    {},
    profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  );
  const { url: apiUrl, tokens } = api.ready;
  const auth = { authorization: `Bearer ${tokens[0] ?? ''}` };
  const searchDates = `pick_up_date=${isoDay(30)}&drop_off_date=${isoDay(32)}`;
  const fleet = await sample(apiUrl, { name: '', method: 'GET', path: '/api/vehicles' });
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
    {
      name: 'POST /api/book-ride mix',
      method: 'POST',
      path: '/api/book-ride/audi-q7',
      setupRequest: bookingMix(
        tokens,
        (JSON.parse(fleet.body.toString('utf8')) as Vehicle[]).map((vehicle) => vehicle._id),
      ),
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
  ];

  const only = process.env.BENCH_ONLY === undefined ? undefined : new RegExp(process.env.BENCH_ONLY);
  const chosen = scenarios.filter((scenario) => only === undefined || only.test(scenario.name));
  if (chosen.length === 0) {
    await stopChild(api.child);
    throw new Error(`BENCH_ONLY=${process.env.BENCH_ONLY} names no scenario.`);
  }
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'rentora-bench-body-'));
  const rows: string[] = [];
  for (const scenario of chosen) {
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
}

const role = process.argv[2];
const run = role === 'serve-api' ? serveApi() : role === 'serve-bare' ? Promise.resolve(serveBare()) : compare();
run.catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
