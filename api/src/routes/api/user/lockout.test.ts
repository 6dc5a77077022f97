import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEVICE_COOKIE } from '../../../auth/device-cookie';
import { describeEachEngine } from '../../../testing/describe-engines';
import { TEST_PASSWORD, createUser } from '../../../testing/test-app';

// Whole-app tests with scrypt hashing and fresh databases: slow on a busy 2-core machine.
jest.setTimeout(90_000);

const WRONG_PASSWORD = 'not-the-password';
const PER_EMAIL = 2;

interface LoginAnswer {
  status: number;
  message: string;
  /** The device cookie the answer set, as a Cookie header would send it back. */
  deviceCookie?: string;
}

/** A log-in sent from a loopback address of the caller's choice (all of 127.0.0.0/8 is this machine). */
function logInFrom(port: number, localAddress: string, email: string, password: string, cookie?: string) {
  const payload = JSON.stringify({ email, password });
  return new Promise<LoginAnswer>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/user/login',
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(cookie === undefined ? {} : { cookie }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const setCookie = response.headers['set-cookie']?.find((line) => line.startsWith(`${DEVICE_COOKIE}=`));
          resolve({
            status: response.statusCode ?? 0,
            message: (JSON.parse(text) as { message: string }).message,
            deviceCookie: setCookie?.split(';')[0],
          });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * The owner of an account is never locked out by someone else (OWASP's device cookie): on
 * PostgreSQL the counters are in Redis as several instances would share them, on SQLite in memory.
 */
describeEachEngine(
  'log-in limits with device cookies on %s',
  (subject) => {
    let port: number;
    beforeAll(() => {
      port = (subject.app.server.address() as AddressInfo).port;
    });

    it('sets a signed HttpOnly, SameSite=Strict device cookie for the account routes on log-in and sign-up', async () => {
      const { email } = await createUser(subject.app);
      const login = await subject.call('POST', '/api/user/login', { body: { email, password: TEST_PASSWORD } });
      expect(login.status).toBe(200);
      const cookie = login.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(
        new RegExp(`^${DEVICE_COOKIE}=[\\w.~-]+; Max-Age=\\d+; Path=/api/user; HttpOnly; SameSite=Strict$`),
      );

      const signUp = await subject.call('POST', '/api/user/register', {
        body: {
          name: 'Asha Rao',
          email: `asha-${randomBytes(3).toString('hex')}@example.com`,
          password: 'long-enough-password',
          avatar: 'avatar1',
        },
      });
      expect(signUp.status).toBe(201);
      expect(signUp.headers.get('set-cookie')).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));

      const wrong = await subject.call('POST', '/api/user/login', { body: { email, password: WRONG_PASSWORD } });
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get('set-cookie')).toBeNull();
    });

    it('lets the owner’s browser in while twelve addresses guess the password; a browser that never logged in waits', async () => {
      const { email } = await createUser(subject.app);
      const owner = await logInFrom(port, '127.0.0.2', email, TEST_PASSWORD);
      expect(owner.status).toBe(200);
      expect(owner.deviceCookie).toBeDefined();

      const statuses = new Set<number>();
      for (let host = 10; host <= 21; host += 1) {
        for (let guess = 0; guess < 10; guess += 1) {
          statuses.add((await logInFrom(port, `127.0.0.${host}`, email, WRONG_PASSWORD)).status);
        }
      }
      expect([...statuses].sort()).toEqual([401, 429]);

      const stranger = await logInFrom(port, '127.0.0.30', email, TEST_PASSWORD);
      expect(stranger.status).toBe(429);
      expect(stranger.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
      // A cookie of this browser for another account, or a forged one, makes no browser known.
      const someoneElse = await createUser(subject.app);
      const otherAccountsCookie = (await logInFrom(port, '127.0.0.30', someoneElse.email, TEST_PASSWORD)).deviceCookie;
      expect((await logInFrom(port, '127.0.0.30', email, TEST_PASSWORD, otherAccountsCookie)).status).toBe(429);
      const forged = owner.deviceCookie?.replace(/.{4}$/, 'AAAA');
      expect((await logInFrom(port, '127.0.0.30', email, TEST_PASSWORD, forged)).status).toBe(429);

      // The owner, from a clean address with the right password, on the browser that logged in before.
      const back = await logInFrom(port, '127.0.0.40', email, TEST_PASSWORD, owner.deviceCookie);
      expect(back.status).toBe(200);
      expect(back.deviceCookie).toBeDefined();
    });

    it('limits wrong passwords from a known browser to its own budget', async () => {
      const { email } = await createUser(subject.app);
      const { deviceCookie } = await logInFrom(port, '127.0.0.50', email, TEST_PASSWORD);
      for (let guess = 0; guess < PER_EMAIL; guess += 1) {
        expect((await logInFrom(port, '127.0.0.51', email, WRONG_PASSWORD, deviceCookie)).status).toBe(401);
      }
      expect((await logInFrom(port, '127.0.0.52', email, TEST_PASSWORD, deviceCookie)).status).toBe(429);
      // Its guesses did not use up the budgets of browsers it is not.
      expect((await logInFrom(port, '127.0.0.51', email, TEST_PASSWORD)).status).toBe(200);
    });

    it('counts each guess before hashing it: a burst of parallel guesses gets no more than the budget', async () => {
      const { email } = await createUser(subject.app);
      const burst = await Promise.all(
        Array.from({ length: 8 }, () => logInFrom(port, '127.0.0.60', email, WRONG_PASSWORD)),
      );
      const tally = burst.reduce<Record<number, number>>(
        (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
        {},
      );
      expect(tally).toEqual({ 401: PER_EMAIL, 429: 8 - PER_EMAIL });
    });
  },
  (engine) => ({
    rateLimit: {
      perIp: 1_000,
      perEmail: PER_EMAIL,
      writesPerUser: 1_000,
      writesPerIp: 1_000,
      windowMs: 60_000,
      keyPrefix: `rentora-test:${randomBytes(6).toString('hex')}:`,
    },
    redisUrl: engine === 'postgres' ? process.env.TEST_REDIS_URL : undefined,
  }),
);
