import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { ENGINES, TEST_PASSWORD, type TestApp, bookingForm, createTestApp, createUser } from '../testing/test-app';
import { DEFAULT_DATABASE_LIMITS } from './connect';
import { runInTransaction } from './transaction';
import { CommitOutcomeUnknown, isDatabaseUnavailable } from './unavailable';

jest.setTimeout(30_000);

const onPostgres = ENGINES.includes('postgres') ? describe : describe.skip;

/**
 * Each test holds a lock with its own session, lets the app's statement queue behind it, then
 * terminates the app's backend running that statement: the drop lands on a connection in use,
 * at a known point, every time.
 */
onPostgres('a connection PostgreSQL drops under a request', () => {
  let subject: TestApp;
  let admin: pg.Client;
  /** Backends already terminated: one may still be listed, waiting, for a moment after. */
  const terminated = new Set<number>();
  beforeEach(async () => {
    terminated.clear();
    subject = await createTestApp('postgres');
    admin = new pg.Client({ connectionString: subject.config.databaseUrl });
    await admin.connect();
  });
  afterEach(async () => {
    await admin.end();
    await subject.close();
  });

  /** Terminates the app's backend that waits for a lock (polling until one does), once. */
  const dropTheWaitingBackend = async (): Promise<number> => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      // The test's session holds its lock in a transaction, which keeps one snapshot of the
      // activity view until told to drop it: without this, a backend that starts waiting later
      // (or one that ended) is never seen.
      await admin.query('select pg_stat_clear_snapshot()');
      const { rows } = await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where pid = any($1) and not pid = any($2) and wait_event_type = 'Lock'",
        [[...(subject.app.dbOwnBackends ?? [])], [...terminated]],
      );
      const [waiting] = rows;
      if (rows.length === 1 && waiting !== undefined) {
        terminated.add(waiting.pid);
        await admin.query('select pg_terminate_backend($1)', [waiting.pid]);
        return waiting.pid;
      }
      await sleep(25);
    }
    throw new Error('no backend of the app waited for the lock');
  };

  it('answers a read with 200: the SELECT runs again on another connection', async () => {
    const rider = await createUser(subject.app);
    await admin.query('begin');
    await admin.query('lock table users in access exclusive mode');
    const read = subject.call('GET', '/api/user', { headers: rider.auth });
    const dropped = await dropTheWaitingBackend();
    await admin.query('rollback');

    const answer = await read;
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email: rider.email });
    expect(subject.app.dbOwnBackends?.has(dropped)).toBe(false);
  });

  it('answers every read with 200 when PostgreSQL drops the whole pool under them', async () => {
    const { poolSize } = DEFAULT_DATABASE_LIMITS;
    // One rider each: the same read at once would be shared.
    const riders = await Promise.all(Array.from({ length: poolSize }, () => createUser(subject.app)));
    await admin.query('begin');
    await admin.query('lock table users in access exclusive mode');
    const reads = riders.map((rider) => subject.call('GET', '/api/user', { headers: rider.auth }));
    // Every pooled connection waits behind the lock, each under a read: then all of them end.
    for (let attempt = 0; ; attempt += 1) {
      await admin.query('select pg_stat_clear_snapshot()');
      const { rows } = await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where pid = any($1) and wait_event_type = 'Lock'",
        [[...(subject.app.dbOwnBackends ?? [])]],
      );
      if (rows.length === poolSize) {
        await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [
          rows.map(({ pid }) => pid),
        ]);
        break;
      }
      if (attempt === 200) throw new Error(`${rows.length} of ${poolSize} reads waited for the lock`);
      await sleep(25);
    }
    await admin.query('rollback');

    // Each retry gives its dead connection back before it asks for another: none waits on the others.
    const answers = await Promise.all(reads);
    expect(answers.map(({ status }) => status)).toEqual(Array.from({ length: poolSize }, () => 200));
  });

  it('answers a booking with 201: the transaction runs again, once, on another connection', async () => {
    const rider = await createUser(subject.app);
    await admin.query('begin');
    // The booking's transaction locks the user first: it waits here, after BEGIN, before COMMIT.
    await admin.query('select id from users where id = $1 for update', [rider.id]);
    const booking = subject.call('POST', '/api/book-ride/audi-q7', { headers: rider.auth, body: bookingForm() });
    await dropTheWaitingBackend();
    await admin.query('rollback');

    expect((await booking).status).toBe(201);
    const rentals = await subject.app.db.selectFrom('rentals').select('id').where('user_id', '=', rider.id).execute();
    expect(rentals).toHaveLength(1);
  });

  it('answers a booking with 201 when the connection of its rerun drops too, and 503 after the third', async () => {
    const book = async (car: string, drops: number) => {
      const rider = await createUser(subject.app);
      await admin.query('begin');
      await admin.query('select id from users where id = $1 for update', [rider.id]);
      const booking = subject.call('POST', `/api/book-ride/${car}`, { headers: rider.auth, body: bookingForm() });
      // Each run waits behind the lock on a connection of its own, which then ends.
      for (let drop = 0; drop < drops; drop += 1) await dropTheWaitingBackend();
      await admin.query('rollback');
      const answer = await booking;
      const rentals = await subject.app.db.selectFrom('rentals').select('id').where('user_id', '=', rider.id).execute();
      return [answer.status, rentals.length];
    };
    expect(await book('audi-q7', 2)).toEqual([201, 1]);
    expect(await book('bmw-7-series', 3)).toEqual([503, 0]);
  });

  it('runs a sign-up, a logout and a logout everywhere again when the connection drops under the write', async () => {
    /** Sends the request with `table` locked against writes (its reads still pass), and drops the write's connection. */
    const withTheWriteDropped = async <T>(table: string, request: () => Promise<T>): Promise<T> => {
      await admin.query('begin');
      await admin.query(`lock table ${table} in exclusive mode`);
      const answer = request();
      await dropTheWaitingBackend();
      await admin.query('rollback');
      return answer;
    };
    const email = `dropped-${Date.now()}@example.com`;
    const signUp = await withTheWriteDropped('users', () =>
      subject.call('POST', '/api/user/register', {
        body: { name: 'Dropped Once', email, password: TEST_PASSWORD, avatar: 'avatar2' },
      }),
    );
    expect(signUp.status).toBe(201);
    const accounts = await subject.app.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(accounts).toHaveLength(1);

    const rider = await createUser(subject.app);
    const elsewhere = await createUser(subject.app);
    const logOut = await withTheWriteDropped('revoked_tokens', () =>
      subject.call('POST', '/api/user/logout', { headers: rider.auth }),
    );
    expect(logOut.status).toBe(200);
    expect((await subject.call('GET', '/api/user', { headers: rider.auth })).status).toBe(401);

    const everywhere = await withTheWriteDropped('users', () =>
      subject.call('POST', '/api/user/logout-everywhere', { headers: elsewhere.auth }),
    );
    expect(everywhere.status).toBe(200);
    expect((await subject.call('GET', '/api/user', { headers: elsewhere.auth })).status).toBe(401);
    // Run again whole, not twice: the account's token version moved on by one.
    const { token_version: version } = await subject.app.db
      .selectFrom('users')
      .select('token_version')
      .where('id', '=', elsewhere.id)
      .executeTakeFirstOrThrow();
    expect(version).toBe(1);
  });

  it('runs a transaction again when its connection was known dead before COMMIT left', async () => {
    await admin.query('create table commit_probe (id int)');
    let runs = 0;
    await runInTransaction(subject.app.db, async (trx) => {
      runs += 1;
      await sql`insert into commit_probe values (1)`.execute(trx);
      if (runs > 1) return;
      // The connection ends after the work and before COMMIT, and the client hears of it first:
      // it refuses to send COMMIT at all, so PostgreSQL rolled the work back.
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      const pid = rows[0]?.pid;
      await admin.query('select pg_terminate_backend($1)', [pid]);
      // Until the backend has gone, and then a moment for the client to read that its socket closed.
      for (let polls = 0; polls < 200; polls += 1) {
        const alive = await admin.query('select 1 from pg_stat_activity where pid = $1', [pid]);
        if (alive.rowCount === 0) break;
        await sleep(25);
      }
      await sleep(200);
    });

    expect(runs).toBe(2);
    expect((await admin.query('select count(*)::int as n from commit_probe')).rows).toEqual([{ n: 1 }]);
  });

  it('does not run a transaction again when its connection dropped during COMMIT: its outcome is unknown', async () => {
    // A deferred constraint trigger runs inside COMMIT: it waits there for a lock the test holds.
    await admin.query('create table commit_gate (id int)');
    await admin.query('create table commit_probe (id int)');
    await admin.query(`create function wait_for_gate() returns trigger language plpgsql as $$
      begin lock table commit_gate in share mode; return null; end $$`);
    await admin.query(`create constraint trigger wait_at_commit after insert on commit_probe
      deferrable initially deferred for each row execute function wait_for_gate()`);
    await admin.query('begin');
    await admin.query('lock table commit_gate in access exclusive mode');

    let runs = 0;
    const transaction = runInTransaction(subject.app.db, async (trx) => {
      runs += 1;
      await sql`insert into commit_probe values (1)`.execute(trx);
    }).catch((error: unknown) => error);
    await dropTheWaitingBackend();
    await admin.query('rollback');

    const error = await transaction;
    expect(error).toBeInstanceOf(CommitOutcomeUnknown);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(runs).toBe(1);
  });
});
