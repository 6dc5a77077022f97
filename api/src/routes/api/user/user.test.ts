import { createSigner } from 'fast-jwt';
import type { User } from '@rentora/shared';
import { STAFF_ONLY } from '../../../plugins/app/auth';
import { TEST_JWT_SECRET } from '../../../testing/test-config';
import { TEST_PASSWORD, createUser } from '../../../testing/test-app';
import { describeEachEngine } from '../../../testing/describe-engines';

// Whole-app tests with scrypt hashing and fresh databases: slow on a busy 2-core machine.
jest.setTimeout(30_000);

const signUp = (email: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Meera Iyer',
  email,
  password: 'long-enough-password',
  avatar: 'avatar3',
  ...overrides,
});

const sign = (payload: Record<string, unknown>, options: Record<string, unknown> = {}) =>
  createSigner({ key: TEST_JWT_SECRET, algorithm: 'HS256', iss: 'rentora-api', aud: 'rentora-web', ...options })(
    payload,
  );

describeEachEngine('accounts on %s', (subject) => {
  it('registers (201 with a working token), then refuses the same email in any case (409)', async () => {
    const registered = await subject.call('POST', '/api/user/register', { body: signUp('Meera@Example.com') });
    expect(registered.status).toBe(201);
    const { token } = registered.body as { token: string };
    const me = await subject.call('GET', '/api/user', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    // No browser or proxy cache may keep a token or a profile.
    expect(registered.headers.get('cache-control')).toBe('no-store');
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(me.body).toEqual({
      name: 'Meera Iyer',
      email: 'meera@example.com',
      avatar: 'avatar3',
      role: 'customer',
      cars_rented: [],
    });

    const again = await subject.call('POST', '/api/user/register', { body: signUp('MEERA@example.COM') });
    expect(again.status).toBe(409);
    expect(again.message).toMatch(/already exists/);
  });

  it.each(['admin', 'operator'])('makes a customer of a sign-up that asks for the role %s', async (role) => {
    const registered = await subject.call('POST', '/api/user/register', {
      body: signUp(`wants-${role}@example.com`, { role }),
    });
    expect(registered.status).toBe(201);
    const headers = { authorization: `Bearer ${(registered.body as { token: string }).token}` };
    expect(((await subject.call('GET', '/api/user', { headers })).body as User).role).toBe('customer');
    const operatorPage = await subject.call('GET', '/api/operator/vehicles', { headers });
    expect([operatorPage.status, operatorPage.message]).toEqual([403, STAFF_ONLY]);
  });

  it.each([
    [{ email: 'not-an-email' }, 'Invalid email format.'],
    [{ email: 'with space@example.com' }, 'Invalid email format.'],
    [{ password: 'short' }, 'Password must be at least 8 characters long.'],
    [{ password: 'x'.repeat(129) }, 'Password must be at most 128 characters long.'],
    [{ name: '   ' }, 'Please enter your name.'],
    [{ avatar: 'avatar7' }, 'Please choose one of the six avatars.'],
    [{ avatar: undefined }, 'Please fill out every field.'],
    [{ password: 12345678 }, 'Please fill out every field.'],
  ])('refuses the sign-up %j with 400', async (overrides, message) => {
    const response = await subject.call('POST', '/api/user/register', {
      body: signUp('someone@example.com', overrides),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it('logs in with 200 and the same 401 for an unknown email or a wrong password', async () => {
    const { email } = await createUser(subject.app, 'Rider.One@example.com');
    const ok = await subject.call('POST', '/api/user/login', {
      body: { email: 'rider.one@EXAMPLE.com', password: TEST_PASSWORD },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'Logged in successfully!', token: expect.any(String) });

    const wrongPassword = await subject.call('POST', '/api/user/login', {
      body: { email, password: 'wrong-password' },
    });
    const unknownEmail = await subject.call('POST', '/api/user/login', {
      body: { email: 'nobody@example.com', password: TEST_PASSWORD },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownEmail.body);
    expect(wrongPassword.message).toBe('Incorrect email or password.');
  });

  it('ignores unknown fields, answers 415 for non-JSON and 413 for oversized bodies', async () => {
    const extra = await subject.call('POST', '/api/user/register', {
      body: { ...signUp('extra@example.com'), isAdmin: true, id: 1 },
    });
    expect(extra.status).toBe(201);

    const plain = await subject.call('POST', '/api/user/login', {
      body: 'email=a@b.co',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.status).toBe(415);
    expect(plain.message).toMatch(/JSON/);

    const huge = await subject.call('POST', '/api/user/login', {
      body: { email: 'a@b.co', password: 'x'.repeat(20_000) },
    });
    expect(huge.status).toBe(413);
    expect(typeof huge.message).toBe('string');

    const broken = await subject.call('POST', '/api/user/login', {
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
  });

  describe('GET /api/user refuses with 401', () => {
    let userId: number;
    beforeAll(async () => {
      userId = (await createUser(subject.app)).id;
    });

    const cases: [string, () => string | undefined][] = [
      ['no Authorization header', () => undefined],
      ['a malformed header', () => 'Token abc'],
      ['a malformed token', () => 'Bearer not.a-token'],
      ['a tampered token', () => `Bearer ${sign({ sub: String(userId) }).slice(0, -2)}xx`],
      [
        'a token signed with another secret',
        () =>
          `Bearer ${createSigner({ key: 'another-secret-another-secret-123', iss: 'rentora-api', aud: 'rentora-web' })({ sub: String(userId) })}`,
      ],
      [
        'an alg none token',
        () =>
          `Bearer ${createSigner({ algorithm: 'none', iss: 'rentora-api', aud: 'rentora-web' })({ sub: String(userId) })}`,
      ],
      ['an HS512 token', () => `Bearer ${sign({ sub: String(userId) }, { algorithm: 'HS512' })}`],
      ['an expired token', () => `Bearer ${sign({ sub: String(userId), exp: Math.floor(Date.now() / 1000) - 60 })}`],
      ['a token without exp', () => `Bearer ${sign({ sub: String(userId) })}`],
      ['a token for another audience', () => `Bearer ${sign({ sub: String(userId) }, { aud: 'someone-else' })}`],
      ['a token of a user that does not exist', () => `Bearer ${sign({ sub: '999999' }, { expiresIn: 60_000 })}`],
    ];

    it.each(cases)('for %s', async (_, header) => {
      const value = header();
      const response = await subject.call('GET', '/api/user', {
        headers: value === undefined ? {} : { authorization: value },
      });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Please log in again.' });
    });

    it('for a deleted user', async () => {
      const doomed = await createUser(subject.app);
      expect((await subject.call('GET', '/api/user', { headers: doomed.auth })).status).toBe(200);
      await subject.app.db.deleteFrom('users').where('id', '=', doomed.id).execute();
      expect((await subject.call('GET', '/api/user', { headers: doomed.auth })).status).toBe(401);
    });
  });

  it('answers the user with rentals as the contract says', async () => {
    const rider = await createUser(subject.app);
    const response = await subject.call('GET', '/api/user', { headers: rider.auth });
    const user = response.body as User;
    expect(user).toEqual({
      name: 'Test Rider',
      email: rider.email,
      avatar: 'avatar2',
      role: 'customer',
      cars_rented: [],
    });
  });
});
