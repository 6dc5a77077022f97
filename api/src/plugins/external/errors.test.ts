import { sql } from 'kysely';
import { type TestApp, createTestApp, createUser } from '../../testing/test-app';
import { INTERNAL_ERROR } from './errors';

jest.setTimeout(30_000);

describe('server errors', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp('sqlite');
  });
  afterAll(() => subject.close());

  it('answers 500 with a plain message: no stack, no SQL, no table names', async () => {
    const rider = await createUser(subject.app);
    await sql`drop table idempotency_keys`.execute(subject.app.db);
    await sql`drop table rentals`.execute(subject.app.db);
    const response = await subject.call('GET', '/api/user', { headers: rider.auth });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ message: INTERNAL_ERROR });
  });
});
