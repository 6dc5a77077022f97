import { randomBytes } from 'node:crypto';
import type { RateLimitConfig } from '../../config';
import { TEST_PASSWORD, type TestApp, createTestApp, createUser } from '../../testing/test-app';

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
  const start = async (limits: Pick<RateLimitConfig, 'perIp' | 'perEmail'>) => {
    subject = await createTestApp('sqlite', {
      rateLimit: { ...limits, windowMs: 60_000, keyPrefix: `rentora-test:${randomBytes(6).toString('hex')}:` },
      redisUrl: store === 'redis' ? redisUrl : undefined,
    });
    const app = subject;
    return {
      app,
      login: (email: string, password: string) => app.call('POST', '/api/user/login', { body: { email, password } }),
      // Malformed emails are refused before any password hashing, so these attempts are cheap.
      register: (email: string) =>
        app.call('POST', '/api/user/register', { body: { name: 'n', email, password: 'x', avatar: 'avatar1' } }),
    };
  };

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

  it('counts every register attempt per email', async () => {
    const { register } = await start({ perIp: 100, perEmail: 2 });
    expect((await register('same')).status).toBe(400);
    expect((await register('SAME')).status).toBe(400);
    const blocked = await register('same');
    expect(blocked.status).toBe(429);
    expect(blocked.message).toBe(TOO_MANY);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
