import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { DEVELOPMENT_KEYS } from '../src/payments/payments-config';
import { PRODUCTION_PASSWORD_COST } from '../src/auth/passwords';
import { insertUser, setRole } from '../src/repositories/users';
import { testConfig } from '../src/testing/test-config';
import { answerCpuQueries } from './cpu-queries';
import { seedRentalHistory } from './rental-history';
import { seedRiders } from './seed-riders';
import type { HostedApi, RowData } from './servers';

/**
 * The API's process during the bench: the real app, one at a time, each on a database of its own.
 * The bench sends `{ open: { data, databaseUrl? } }`: it builds the app on a fresh SQLite folder
 * (or on the fresh PostgreSQL database named), adds the row's data, listens on a free port and
 * answers `{ opened: HostedApi }`; `{ close: true }` closes it and answers `{ closed: true }`.
 * A failure answers `{ error: message, stack }`. Started by bench/servers.ts.
 * The app logs at BENCH_LOG_LEVEL (info, the production default, or warn) into stdout, which the
 * bench discards: logging is part of what an answer costs.
 */

/** Every request of the bench comes from one address: the per-address limits would refuse most of it. */
const UNLIMITED = 1_000_000_000;

let current: { app: FastifyInstance; dataDir: string } | undefined;
/** One hash for every rider of the run: the bench signs in by token, and a hash costs a good part of a second. */
let passwordHash: Promise<string> | undefined;

function logLevel(): 'info' | 'warn' {
  const level = process.env.BENCH_LOG_LEVEL ?? 'info';
  if (level !== 'info' && level !== 'warn') throw new Error('BENCH_LOG_LEVEL is info (the default) or warn.');
  return level;
}

async function open(data: RowData, databaseUrl: string | undefined): Promise<HostedApi> {
  await close();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-bench-'));
  const config = testConfig(dataDir, { logLevel: logLevel(), databaseUrl });
  const app = await buildApp({
    ...config,
    // Production's hashing, not the tests' cheap one: what the server does is what is measured.
    passwordCost: PRODUCTION_PASSWORD_COST,
    rateLimit: { ...config.rateLimit, writesPerUser: UNLIMITED, writesPerIp: UNLIMITED, quotesPerIp: UNLIMITED },
    // The fan-out row opens its streams from this one address.
    events: { ...config.events, perIp: UNLIMITED, max: UNLIMITED },
    // The webhook row's events are verified with the development keys; no call reaches this gateway.
    payments: {
      gateway: 'standin',
      ...DEVELOPMENT_KEYS,
      apiUrl: 'http://127.0.0.1:9',
      checkoutScript: 'http://127.0.0.1:9/v1/checkout.js',
      timeoutMs: 1_000,
    },
  });
  current = { app, dataDir };
  const hash = data.riders > 0 || data.operator ? await (passwordHash ??= app.passwords.hash('bench-password')) : '';
  const riders = await seedRiders(app, data.riders, hash);
  let operatorToken: string | undefined;
  if (data.operator) {
    const operator = await insertUser(app.db, {
      name: 'Bench Operator',
      email: 'operator@example.com',
      password_hash: hash,
      avatar: 'avatar1',
    });
    await setRole(app.db, operator.id, 'operator');
    operatorToken = app.tokens.issue(operator.id, operator.token_version);
  }
  if (data.history > 0) {
    await seedRentalHistory(
      app.db,
      data.history,
      riders.map(({ id }) => id),
    );
  }
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, riderTokens: riders.map(({ token }) => token), operatorToken, pid: process.pid };
}

async function close(): Promise<void> {
  if (current === undefined) return;
  const { app, dataDir } = current;
  current = undefined;
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}

const errorOf = (error: unknown) =>
  error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };

process.on('message', (message: unknown) => {
  if (typeof message !== 'object' || message === null) return;
  if ('open' in message) {
    const { data, databaseUrl } = message.open as { data: RowData; databaseUrl?: string };
    void open(data, databaseUrl).then(
      (opened) => process.send?.({ opened }),
      (error: unknown) => process.send?.(errorOf(error)),
    );
  }
  if ('close' in message) {
    void close().then(
      () => process.send?.({ closed: true }),
      (error: unknown) => process.send?.(errorOf(error)),
    );
  }
});
process.once('SIGTERM', () => void close().finally(() => process.exit(0)));
answerCpuQueries();
process.send?.({ ready: true });
