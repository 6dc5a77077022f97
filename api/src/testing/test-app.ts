import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BookingForm } from '@rentora/shared';
import { todayIn } from '@rentora/shared/format';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { AppConfig } from '../config';
import type { Engine } from '../db/connect';
import type { Role } from '@rentora/shared/operator';
import { insertUser, setRole } from '../repositories/users';
import { createPostgresDatabase } from './postgres-database';
import { testConfig } from './test-config';
import { VALID_BOOKING_DETAILS } from '@rentora/shared/testing/booking-form';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names a server (CI sets it). */
export const ENGINES: Engine[] = postgresUrl === undefined || postgresUrl === '' ? ['sqlite'] : ['sqlite', 'postgres'];

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  /** The `message` of a JSON answer. */
  message: string;
}

export interface CallOptions {
  headers?: Record<string, string>;
  /** Sent as JSON unless it is already a string (sent as is, for content-type tests). */
  body?: unknown;
}

export type Call = (method: string, url: string, options?: CallOptions) => Promise<Answer>;

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** An HTTP request to the listening app (light-my-request's ESM-only cookie dependency cannot load in Jest). */
  call: Call;
  close(): Promise<void>;
}

export function caller(baseUrl: string): Call {
  return async (method, url, { headers = {}, body } = {}) => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (typeof body === 'string') init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { 'content-type': 'application/json', ...headers };
    }
    const response = await fetch(`${baseUrl}${url}`, init);
    const text = await response.text();
    const parsed: unknown = text === '' ? undefined : JSON.parse(text);
    const message = typeof parsed === 'object' && parsed !== null && 'message' in parsed ? String(parsed.message) : '';
    return { status: response.status, headers: response.headers, body: parsed, message };
  };
}

/** A whole app on a database of its own (a temp folder, or a fresh PostgreSQL database). */
export async function createTestApp(engine: Engine, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-test-'));
  const database = engine === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = testConfig(dataDir, { databaseUrl: database?.url, ...overrides });
  const app = await buildApp(config);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    config,
    call: caller(address),
    close: async () => {
      await app.close();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const TEST_PASSWORD = 'correct-horse-battery';
/** TEST_PASSWORD's hash at each cost, made once: tests insert many users at once, beyond the hashing gate's queue. */
const testPasswordHashes = new Map<number, Promise<string>>();

/** A user inserted directly (one scrypt hash per test file and cost), with a valid token. */
export async function createUser(
  app: FastifyInstance,
  email = `user-${randomBytes(4).toString('hex')}@example.com`,
): Promise<{ id: number; email: string; token: string; auth: { authorization: string } }> {
  const cost = app.config.passwordCost;
  const passwordHash = testPasswordHashes.get(cost) ?? app.passwords.hash(TEST_PASSWORD);
  testPasswordHashes.set(cost, passwordHash);
  const { id, token_version: version } = await insertUser(app.db, {
    name: 'Test Rider',
    email,
    password_hash: await passwordHash,
    avatar: 'avatar2',
  });
  const token = app.tokens.issue(id, version);
  return { id, email: email.toLowerCase(), token, auth: { authorization: `Bearer ${token}` } };
}

/** A user with a role other than customer (roles are read per request, so the token works at once). */
export async function createStaff(app: FastifyInstance, role: Exclude<Role, 'customer'>, email?: string) {
  const user = await createUser(app, email);
  await setRole(app.db, user.id, role);
  return user;
}

export { newCar } from '@rentora/shared/testing/new-car';

/** `YYYY-MM-DD`, `days` after today in the business time zone. */
export function dateFromToday(days: number): string {
  const today = todayIn('Asia/Kolkata');
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function bookingForm(overrides: Partial<BookingForm> = {}): BookingForm {
  return {
    ...VALID_BOOKING_DETAILS,
    pick_up_date: dateFromToday(10),
    drop_off_date: dateFromToday(12),
    ...overrides,
  };
}
