import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AppConfig, RateLimitConfig } from '../../config';
import {
  TEST_PASSWORD,
  type TestApp,
  bookingForm,
  createTestApp,
  createUser,
  dateFromToday,
} from '../../testing/test-app';

// Whole-app tests with scrypt hashing and fresh databases: slow on a busy 2-core machine.
jest.setTimeout(30_000);

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const stores = process.env.TEST_REDIS_URL === undefined ? (['memory'] as const) : (['memory', 'redis'] as const);

const WRONG_PASSWORD = 'not-the-password';
const TOO_MANY = 'Too many attempts. Please wait 1 minute and try again.';

describe.each(stores)('login and register rate limits in %s', (store) => {
  let subject: TestApp | undefined;
  afterEach(async () => {
    await subject?.close();
    subject = undefined;
  });

  // A fresh app (and counters) per test, so each test's attempts are all that count.
  const start = async (
    limits: Pick<RateLimitConfig, 'perIp' | 'perEmail'> & Partial<RateLimitConfig>,
    overrides: Partial<AppConfig> = {},
  ) => {
    subject = await createTestApp('sqlite', {
      rateLimit: {
        writesPerUser: 100,
        writesPerIp: 100,
        ...limits,
        windowMs: 60_000,
        keyPrefix: `rentora-test:${randomBytes(6).toString('hex')}:`,
      },
      redisUrl: store === 'redis' ? redisUrl : undefined,
      ...overrides,
    });
    const app = subject;
    const address = app.app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    return {
      app,
      /** A login sent from a loopback address of the caller's choice (all of 127.0.0.0/8 is this machine). */
      loginFrom: (localAddress: string, email: string, password: string) =>
        postFrom(localAddress, port, '/api/user/login', { email, password }),
      /** A sign-up sent from a loopback address of the caller's choice. */
      registerFrom: (localAddress: string, body: Record<string, string>) =>
        postFrom(localAddress, port, '/api/user/register', body),
      /** A booking sent from a loopback address of the caller's choice. */
      bookFrom: (localAddress: string, carId: string, auth: Record<string, string>) =>
        postFrom(localAddress, port, `/api/book-ride/${carId}`, bookingForm(), auth),
      login: (email: string, password: string) => app.call('POST', '/api/user/login', { body: { email, password } }),
      // Malformed emails are refused before any password hashing, so these attempts are cheap.
      register: (email: string) =>
        app.call('POST', '/api/user/register', { body: { name: 'n', email, password: 'x', avatar: 'avatar1' } }),
    };
  };

  it('refuses an attacker’s address for an email while its owner still logs in from their own', async () => {
    const { app, loginFrom } = await start({ perIp: 100, perEmail: 3 });
    const { email } = await createUser(app.app);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await loginFrom('127.0.0.3', email, WRONG_PASSWORD)).status).toBe(401);
    }
    const attacker = await loginFrom('127.0.0.3', email, TEST_PASSWORD);
    expect(attacker.status).toBe(429);
    expect(attacker.message).toBe(TOO_MANY);
    expect((await loginFrom('127.0.0.1', email, TEST_PASSWORD)).status).toBe(200);
  });

  it('still refuses an email whose failures come from many addresses', async () => {
    const { app, loginFrom } = await start({ perIp: 100, perEmail: 1 });
    const { email } = await createUser(app.app);
    // perEmail × 10 failures from all addresses together, one per address.
    for (let host = 10; host < 20; host += 1) {
      expect((await loginFrom(`127.0.0.${host}`, email, WRONG_PASSWORD)).status).toBe(401);
    }
    expect((await loginFrom('127.0.0.1', email, TEST_PASSWORD)).status).toBe(429);
  });

  it('does not count a refused login against the address', async () => {
    const { app, login } = await start({ perIp: 3, perEmail: 2 });
    const { email } = await createUser(app.app);
    const other = await createUser(app.app);
    expect((await login(email, WRONG_PASSWORD)).status).toBe(401);
    expect((await login(email, WRONG_PASSWORD)).status).toBe(401);
    expect((await login(email, TEST_PASSWORD)).status).toBe(429);
    // Two attempts counted on the address, not three: one more is allowed.
    expect((await login(other.email, TEST_PASSWORD)).status).toBe(200);
    expect((await login(other.email, TEST_PASSWORD)).status).toBe(429);
  });

  it('limits a user’s bookings and cancellations together', async () => {
    const { app } = await start({ perIp: 100, perEmail: 100, writesPerUser: 2 });
    const rider = await createUser(app.app);
    const form = bookingForm({ pick_up_date: dateFromToday(20), drop_off_date: dateFromToday(21) });
    expect((await app.call('POST', '/api/book-ride/audi-q7', { headers: rider.auth, body: form })).status).toBe(201);
    expect((await app.call('POST', '/api/cancel-ride/audi-q7', { headers: rider.auth })).status).toBe(200);
    const refused = await app.call('POST', '/api/book-ride/audi-q7', { headers: rider.auth, body: form });
    expect(refused.status).toBe(429);
    expect(refused.message).toBe(TOO_MANY);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user's writes are their own.
    const other = await createUser(app.app);
    expect((await app.call('POST', '/api/book-ride/audi-q7', { headers: other.auth, body: form })).status).toBe(201);
  });

  it('limits bookings and cancellations per address too, whoever is signed in', async () => {
    const { app, bookFrom } = await start({ perIp: 100, perEmail: 100, writesPerUser: 100, writesPerIp: 2 });
    const riders = [await createUser(app.app), await createUser(app.app), await createUser(app.app)];
    expect((await bookFrom('127.0.0.5', 'audi-a4', riders[0]!.auth)).status).toBe(201);
    expect((await bookFrom('127.0.0.5', 'bmw-x1', riders[1]!.auth)).status).toBe(201);
    const refused = await bookFrom('127.0.0.5', 'jaguar-xe', riders[2]!.auth);
    expect(refused.status).toBe(429);
    expect(refused.message).toBe(TOO_MANY);
    // Another address has a budget of its own.
    expect((await bookFrom('127.0.0.6', 'jaguar-xe', riders[2]!.auth)).status).toBe(201);
  });

  it('counts the addresses of one IPv6 /64 together, behind a trusted proxy', async () => {
    const { app } = await start({ perIp: 2, perEmail: 100 }, { trustProxy: 1 });
    const { email } = await createUser(app.app);
    const loginVia = (forwardedFor: string) =>
      app.call('POST', '/api/user/login', {
        headers: { 'x-forwarded-for': forwardedFor },
        body: { email, password: TEST_PASSWORD },
      });
    expect((await loginVia('2001:db8:1:2::1')).status).toBe(200);
    expect((await loginVia('2001:db8:1:2::abcd')).status).toBe(200);
    expect((await loginVia('2001:db8:1:2:ffff::9')).status).toBe(429);
    expect((await loginVia('2001:db8:1:3::1')).status).toBe(200);
  });

  it('never counts successful logins against the email', async () => {
    const { app, login } = await start({ perIp: 100, perEmail: 2 });
    const { email } = await createUser(app.app);
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await login(email, TEST_PASSWORD)).status).toBe(200);
  });

  it('refuses an email with Retry-After once its failed logins use up the budget, even with the right password', async () => {
    const { app, login } = await start({ perIp: 100, perEmail: 2 });
    const { email } = await createUser(app.app);
    const other = await createUser(app.app);
    expect((await login(email, WRONG_PASSWORD)).status).toBe(401);
    expect((await login(email.toUpperCase(), WRONG_PASSWORD)).status).toBe(401);

    const blocked = await login(email, TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.message).toBe(TOO_MANY);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(other.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('counts every register and login attempt per address', async () => {
    const { app, login, register } = await start({ perIp: 3, perEmail: 100 });
    const { email } = await createUser(app.app);
    expect((await login(email, TEST_PASSWORD)).status).toBe(200);
    expect((await login(email, WRONG_PASSWORD)).status).toBe(401);
    expect((await register('malformed')).status).toBe(400);

    const blocked = await login(email, TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.message).toBe(TOO_MANY);
  });

  it('counts sign-ups that could succeed per email', async () => {
    const { app } = await start({ perIp: 100, perEmail: 2 });
    const signUp = (email: string) =>
      app.call('POST', '/api/user/register', {
        body: { name: 'Asha Verma', email, password: TEST_PASSWORD, avatar: 'avatar1' },
      });
    expect((await signUp('same@example.com')).status).toBe(201);
    expect((await signUp('SAME@example.com')).status).toBe(409);
    const blocked = await signUp('same@example.com');
    expect(blocked.status).toBe(429);
    expect(blocked.message).toBe(TOO_MANY);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('does not count a sign-up bound to fail (400) against its email: another address still signs up', async () => {
    const { app, registerFrom } = await start({ perIp: 100, perEmail: 10 });
    const victim = 'victim@example.com';
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect(
        (await registerFrom('127.0.0.3', { name: 'n', email: victim, password: 'x', avatar: 'avatar1' })).status,
      ).toBe(400);
    }
    const owner = await registerFrom('127.0.0.4', {
      name: 'Victor Das',
      email: victim,
      password: TEST_PASSWORD,
      avatar: 'avatar2',
    });
    expect([owner.status, owner.message]).toEqual([201, 'Your account is ready. Welcome to Rentora!']);
    expect(
      (await app.call('POST', '/api/user/login', { body: { email: victim, password: TEST_PASSWORD } })).status,
    ).toBe(200);
  });
});

function postFrom(
  localAddress: string,
  port: number,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; message: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, message: (JSON.parse(text) as { message: string }).message }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('rate limits while Redis is unreachable', () => {
  let subject: TestApp | undefined;
  afterEach(() => subject?.close());

  it('keep counting in memory and never stall a login', async () => {
    subject = await createTestApp('sqlite', {
      // Port 1 on the loopback: nothing listens there.
      redisUrl: 'redis://127.0.0.1:1',
      rateLimit: { perIp: 3, perEmail: 100, writesPerUser: 100, writesPerIp: 100, windowMs: 60_000 },
    });
    const { email } = await createUser(subject.app);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const started = Date.now();
      expect((await subject.call('POST', '/api/user/login', { body: { email, password: TEST_PASSWORD } })).status).toBe(
        200,
      );
      expect(Date.now() - started).toBeLessThan(2_000);
    }
    const refused = await subject.call('POST', '/api/user/login', { body: { email, password: TEST_PASSWORD } });
    expect(refused.status).toBe(429);
  });
});
