import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import { buildApp } from '../src/app';
import { hashPassword } from '../src/auth/passwords';
import { insertUser } from '../src/repositories/users';
import { testConfig } from '../src/testing/test-config';

/**
 * The API against a bare node:http server answering the same bytes, same machine, same run:
 * the ratio is what Fastify, validation, the database and our code cost over doing nothing.
 */
const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RIDERS = 20;

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Varies each request (booking mix); the bare server still answers one fixed answer. */
  setupRequest?: RequestSpec['setupRequest'];
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

async function load(url: string, scenario: Scenario): Promise<Result> {
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

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-bench-'));
  const app = await buildApp(testConfig(dataDir, { logLevel: 'warn' }));
  const apiUrl = await app.listen({ host: '127.0.0.1', port: 0 });

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
  const firstToken = tokens[0] ?? '';

  const bookingMix: Scenario['setupRequest'] = (request) => {
    const start = randomInt(400, 4000);
    const cars = ['audi-q7', 'bmw-x5', 'kia-seltos', 'hyundai-creta', 'volvo-s90'];
    return {
      ...request,
      headers: {
        authorization: `Bearer ${tokens[randomInt(tokens.length)]}`,
        'content-type': 'application/json',
      },
      path: `/api/book-ride/${cars[randomInt(cars.length)]}`,
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

  const scenarios: Scenario[] = [
    { name: 'GET /api/vehicles', method: 'GET', path: '/api/vehicles' },
    { name: 'GET /api/vehicles/:id', method: 'GET', path: '/api/vehicles/mercedes-benz-s-class' },
    {
      name: 'GET /api/user (Bearer)',
      method: 'GET',
      path: '/api/user',
      headers: { authorization: `Bearer ${firstToken}` },
    },
    { name: 'POST /api/book-ride mix', method: 'POST', path: '/api/book-ride/audi-q7', setupRequest: bookingMix },
  ];

  const rows: string[] = [];
  for (const scenario of scenarios) {
    const sample = await fetch(`${apiUrl}${scenario.path}`, { headers: scenario.headers });
    const bytes = Buffer.from(await sample.arrayBuffer());
    const contentType = sample.headers.get('content-type') ?? 'application/json';
    const bare = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length });
        response.end(bytes);
      });
    });
    const bareUrl = await listen(bare);
    const api = await load(apiUrl, scenario);
    const baseline = await load(bareUrl, scenario);
    await new Promise((resolve) => bare.close(resolve));
    rows.push(
      [
        scenario.name.padEnd(26),
        `${Math.round(api.requests.average)}`.padStart(7),
        `${api.latency.p50}`.padStart(5),
        `${api.latency.p99}`.padStart(5),
        `${Math.round(baseline.requests.average)}`.padStart(8),
        `${baseline.latency.p50}`.padStart(5),
        `${baseline.latency.p99}`.padStart(5),
        `${(api.requests.average / baseline.requests.average).toFixed(2)}×`.padStart(7),
        `${api.errors}`.padStart(4),
      ].join(' '),
    );
  }
  await app.close();
  await rm(dataDir, { recursive: true, force: true });

  const header = `${'scenario'.padEnd(26)}   req/s   p50   p99  bare r/s   p50   p99   ratio errs`;
  process.stdout.write(
    `${CONNECTIONS} connections, ${DURATION_SECONDS} s each, latency in ms, SQLite, log level warn\n${header}\n${rows.join('\n')}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
