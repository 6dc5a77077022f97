import { randomBytes } from 'node:crypto';
import { type TestApp, createTestApp } from '../../testing/test-app';

// Whole-app tests with scrypt hashing and fresh databases: slow on a busy 2-core machine.
jest.setTimeout(30_000);

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const stores = process.env.TEST_REDIS_URL === undefined ? (['memory'] as const) : (['memory', 'redis'] as const);

describe.each(stores)('login and register rate limits in %s', (store) => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp('sqlite', {
      rateLimit: {
        perIp: 4,
        perEmail: 2,
        windowMs: 60_000,
        keyPrefix: `rentora-test:${randomBytes(6).toString('hex')}:`,
      },
      redisUrl: store === 'redis' ? redisUrl : undefined,
    });
  });
  afterAll(() => subject.close());

  // Malformed emails are refused before any password hashing, so these attempts are cheap.
  const login = (email: string) => subject.call('POST', '/api/user/login', { body: { email, password: 'x' } });

  it('answers 429 with a message and Retry-After after too many attempts for one email, then per address', async () => {
    expect((await login('same')).status).toBe(400);
    expect((await login('SAME')).status).toBe(400);
    const blocked = await login('same');
    expect(blocked.status).toBe(429);
    expect(blocked.message).toBe('Too many attempts. Please wait 1 minute and try again.');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

    expect((await login('other')).status).toBe(400);
    const byAddress = await subject.call('POST', '/api/user/register', {
      body: { name: 'n', email: 'third', password: 'x', avatar: 'avatar1' },
    });
    expect(byAddress.status).toBe(429);
  });
});
