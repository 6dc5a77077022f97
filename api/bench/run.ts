import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import { buildApp } from '../src/app';
import { hashPassword } from '../src/auth/passwords';
import { insertUser } from '../src/repositories/users';
import { testConfig } from '../src/testing/test-config';

/**
 * The API against a bare node:http server answering the same bytes, same machine, same run:
 * the ratio is what Fastify, validation, the database and our code cost over doing nothing.
 * Each server runs in a process of its own, so the load generator never shares its event loop.
 */
const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RIDERS = 20;

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Varies each request (booking mix); the bare server still answers one fixed answer. */
  setupRequest?: RequestSpec['setupRequest'];
}

/** Child role: the real API on a fresh SQLite folder, with riders; prints `{url, tokens}`. */
async function serveApi(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-bench-'));
  const app = await buildApp(testConfig(dataDir, { logLevel: 'warn' }));
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
  process.stdout.write(`${JSON.stringify({ url, tokens })}\n`);
}

/** Child role: answers every request with the bytes of BENCH_BODY_FILE; prints `{url}`. */
function serveBare(): void {
  const bytes = readFileSync(process.env.BENCH_BODY_FILE ?? '');
  const contentType = process.env.BENCH_CONTENT_TYPE ?? 'application/json';
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length });
      response.end(bytes);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })}\n`);
  });
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

async function startChild<T>(role: string, env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; ready: T }> {
  const child = spawn(process.execPath, ['--import', 'tsx', __filename, role], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (child.stdout === null) throw new Error('no stdout');
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
  return { child, ready: JSON.parse(first) as T };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
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

function bookingMix(tokens: string[]): RequestSpec['setupRequest'] {
  const cars = ['audi-q7', 'bmw-x5', 'kia-seltos', 'hyundai-creta', 'volvo-s90'];
  return (request) => {
    // Within the booking limits (180 days ahead, 30 days long), so bookings land where searches look.
    const start = randomInt(1, 170);
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
        drop_off_date: isoDay(start + randomInt(0, 3)),
      }),
    };
  };
}

async function compare(): Promise<void> {
  const api = await startChild<{ url: string; tokens: string[] }>('serve-api');
  const { url: apiUrl, tokens } = api.ready;
  const auth = { authorization: `Bearer ${tokens[0] ?? ''}` };
  const searchDates = `pick_up_date=${isoDay(30)}&drop_off_date=${isoDay(32)}`;
  const scenarios: Scenario[] = [
    { name: 'GET /api/vehicles', method: 'GET', path: '/api/vehicles' },
    { name: 'GET /api/vehicles/:id', method: 'GET', path: '/api/vehicles/mercedes-benz-s-class' },
    { name: 'GET /api/user (Bearer)', method: 'GET', path: '/api/user', headers: auth },
    {
      name: 'POST /api/book-ride mix',
      method: 'POST',
      path: '/api/book-ride/audi-q7',
      setupRequest: bookingMix(tokens),
    },
    // After the mix, so the availability query has thousands of rentals to look past.
    { name: 'GET /api/vehicles?dates', method: 'GET', path: `/api/vehicles?${searchDates}` },
    { name: 'GET /api/vehicles?city+dates', method: 'GET', path: `/api/vehicles?location=Goa&${searchDates}` },
  ];

  const scratch = await mkdtemp(path.join(os.tmpdir(), 'rentora-bench-body-'));
  const rows: string[] = [];
  for (const scenario of scenarios) {
    const sample = await fetch(`${apiUrl}${scenario.path}`, { headers: scenario.headers });
    const bodyFile = path.join(scratch, 'body');
    await writeFile(bodyFile, Buffer.from(await sample.arrayBuffer()));
    const bare = await startChild<{ url: string }>('serve-bare', {
      BENCH_BODY_FILE: bodyFile,
      BENCH_CONTENT_TYPE: sample.headers.get('content-type') ?? 'application/json',
    });
    const measured = await load(apiUrl, scenario);
    const baseline = await load(bare.ready.url, scenario);
    await stopChild(bare.child);
    rows.push(
      [
        scenario.name.padEnd(30),
        `${Math.round(measured.requests.average)}`.padStart(7),
        `${measured.latency.p50}`.padStart(5),
        `${measured.latency.p99}`.padStart(5),
        `${Math.round(baseline.requests.average)}`.padStart(8),
        `${baseline.latency.p50}`.padStart(5),
        `${baseline.latency.p99}`.padStart(5),
        `${(measured.requests.average / baseline.requests.average).toFixed(2)}×`.padStart(7),
        `${measured.errors}`.padStart(4),
      ].join(' '),
    );
  }
  await stopChild(api.child);
  await rm(scratch, { recursive: true, force: true });

  const header = `${'scenario'.padEnd(30)}   req/s   p50   p99  bare r/s   p50   p99   ratio errs`;
  process.stdout.write(
    `${CONNECTIONS} connections, ${DURATION_SECONDS} s each, latency in ms, SQLite, log level warn, ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}\n` +
      `${header}\n${rows.join('\n')}\n`,
  );
}

const role = process.argv[2];
const run = role === 'serve-api' ? serveApi() : role === 'serve-bare' ? Promise.resolve(serveBare()) : compare();
run.catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
