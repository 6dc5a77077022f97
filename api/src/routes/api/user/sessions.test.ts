import { createSigner } from 'fast-jwt';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app';
import { describeEachEngine } from '../../../testing/describe-engines';
import { type Call, TEST_PASSWORD, bookingForm, caller, createUser } from '../../../testing/test-app';
import { TEST_JWT_SECRET } from '../../../testing/test-config';
import { LOGGED_OUT, LOGGED_OUT_EVERYWHERE } from '.';

// Whole-app tests with scrypt hashing and fresh databases: slow on a busy 2-core machine.
jest.setTimeout(60_000);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A token signed with the API's secret, claims of the test's choosing. */
const forge = (claims: Record<string, unknown>, issuedAtSeconds?: number) =>
  createSigner({
    key: TEST_JWT_SECRET,
    algorithm: 'HS256',
    iss: 'rentora-api',
    aud: 'rentora-web',
    expiresIn: 3_600_000,
  })({
    jti: `forged-${Math.random().toString(36).slice(2)}-token`,
    ver: 0,
    ...claims,
    ...(issuedAtSeconds && { iat: issuedAtSeconds }),
  });

describeEachEngine('sessions that end on the server on %s', (subject) => {
  // A second instance on the same database (the same SQLite file, or the same PostgreSQL): it
  // has seen and remembered every token before the first instance revokes it.
  let sibling: FastifyInstance;
  let siblingCall: Call;
  beforeAll(async () => {
    sibling = await buildApp(subject.config);
    siblingCall = caller(await sibling.listen({ host: '127.0.0.1', port: 0 }));
  });
  afterAll(() => sibling.close());

  const logIn = async (email: string) => {
    const answer = await subject.call('POST', '/api/user/login', { body: { email, password: TEST_PASSWORD } });
    expect(answer.status).toBe(200);
    return (answer.body as { token: string }).token;
  };

  /** Every signed-in call, on both instances. */
  const statusesOf = async (token: string) => {
    const statuses: number[] = [];
    for (const call of [subject.call, siblingCall]) {
      statuses.push((await call('GET', '/api/user', { headers: bearer(token) })).status);
      statuses.push(
        (await call('POST', '/api/book-ride/kia-seltos', { headers: bearer(token), body: bookingForm() })).status,
      );
      statuses.push((await call('POST', '/api/cancel-ride/kia-seltos', { headers: bearer(token) })).status);
    }
    return statuses;
  };

  it('logs out the token it is called with, on every instance at once, and no other token', async () => {
    const { email } = await createUser(subject.app);
    const [leaving, staying] = [await logIn(email), await logIn(email)];
    // Both instances have verified (and remembered) the token before it is revoked.
    expect((await siblingCall('GET', '/api/user', { headers: bearer(leaving) })).status).toBe(200);
    expect((await subject.call('GET', '/api/user', { headers: bearer(leaving) })).status).toBe(200);

    const answer = await subject.call('POST', '/api/user/logout', { headers: bearer(leaving) });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: LOGGED_OUT });
    expect(answer.headers.get('cache-control')).toBe('no-store');

    expect(await statusesOf(leaving)).toEqual([401, 401, 401, 401, 401, 401]);
    expect((await siblingCall('POST', '/api/user/logout', { headers: bearer(leaving) })).status).toBe(401);
    expect((await siblingCall('GET', '/api/user', { headers: bearer(staying) })).status).toBe(200);
  });

  it('logs out every token of the account, and a new log-in works afterwards', async () => {
    const { email } = await createUser(subject.app);
    const other = await createUser(subject.app);
    const tokens = [await logIn(email), await logIn(email), await logIn(email)];
    for (const token of tokens)
      expect((await siblingCall('GET', '/api/user', { headers: bearer(token) })).status).toBe(200);

    const answer = await siblingCall('POST', '/api/user/logout-everywhere', { headers: bearer(tokens[1]!) });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: LOGGED_OUT_EVERYWHERE });

    for (const token of tokens) expect(await statusesOf(token)).toEqual([401, 401, 401, 401, 401, 401]);
    expect((await subject.call('GET', '/api/user', { headers: other.auth })).status).toBe(200);
    const fresh = await logIn(email);
    expect((await subject.call('GET', '/api/user', { headers: bearer(fresh) })).status).toBe(200);
  });

  it('refuses a token of an account that is no longer at that version, even one it never saw', async () => {
    const { id } = await createUser(subject.app);
    expect((await subject.call('GET', '/api/user', { headers: bearer(forge({ sub: String(id) })) })).status).toBe(200);
    await subject.app.db.updateTable('users').set({ token_version: 1 }).where('id', '=', id).execute();
    expect((await subject.call('GET', '/api/user', { headers: bearer(forge({ sub: String(id) })) })).status).toBe(401);
    expect(
      (await subject.call('GET', '/api/user', { headers: bearer(forge({ sub: String(id), ver: 1 })) })).status,
    ).toBe(200);
  });

  it('refuses a token issued before its account was created', async () => {
    const { id } = await createUser(subject.app);
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    const beforeTheAccount = forge({ sub: String(id) }, anHourAgo);
    expect((await subject.call('GET', '/api/user', { headers: bearer(beforeTheAccount) })).status).toBe(401);
    expect(
      (
        await subject.call('POST', '/api/book-ride/kia-seltos', {
          headers: bearer(beforeTheAccount),
          body: bookingForm(),
        })
      ).status,
    ).toBe(401);
    expect((await subject.call('GET', '/api/user', { headers: bearer(forge({ sub: String(id) })) })).status).toBe(200);
  });

  it('never hands a user id out twice, so an old token never opens a newer account', async () => {
    const first = await createUser(subject.app);
    // The newest account goes: a table without AUTOINCREMENT would hand its id to the next one.
    await subject.app.db.deleteFrom('users').where('id', '=', first.id).execute();
    const next = await createUser(subject.app);
    expect(next.id).toBeGreaterThan(first.id);
    expect((await subject.call('GET', '/api/user', { headers: first.auth })).status).toBe(401);
  });
});
