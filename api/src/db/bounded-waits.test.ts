import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { BUSY } from '../errors';
import { type Answer, bookingForm, createUser } from '../testing/test-app';
import { describeOnPostgres, describeOnSqlite } from '../testing/describe-engines';
import { type DatabaseLimits, SQLITE_FILE_NAME } from './connect';

jest.setTimeout(30_000);

const SHORT_LIMITS: DatabaseLimits = {
  poolSize: 2,
  connectTimeoutMs: 300,
  statementTimeoutMs: 2_000,
  lockTimeoutMs: 300,
  idleInTransactionTimeoutMs: 5_000,
};

async function timed(work: Promise<Answer>): Promise<Answer & { elapsedMs: number }> {
  const started = Date.now();
  const answer = await work;
  return { ...answer, elapsedMs: Date.now() - started };
}

function expectBusy(answer: Answer): void {
  expect(answer.status).toBe(503);
  expect(answer.message).toBe(BUSY);
  expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
}

describeOnPostgres(
  'bounded waits on PostgreSQL',
  (subject) => {
    let side: pg.Client;
    beforeAll(async () => {
      side = new pg.Client({ connectionString: subject.config.databaseUrl });
      await side.connect();
    });
    afterAll(async () => {
      await side.end();
    });

    it('answers 503 with Retry-After when a lock is held too long', async () => {
      const rider = await createUser(subject.app);
      await side.query('begin');
      await side.query('select id from users where id = $1 for update', [rider.id]);
      try {
        const answer = await timed(
          subject.call('POST', '/api/book-ride/audi-q7', { headers: rider.auth, body: bookingForm() }),
        );
        expectBusy(answer);
        expect(answer.elapsedMs).toBeLessThan(2_000);
      } finally {
        await side.query('rollback');
      }
    });

    it('answers 503 with Retry-After when the pool is exhausted, and readiness within a second', async () => {
      const rider = await createUser(subject.app);
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const holders = Array.from({ length: SHORT_LIMITS.poolSize }, () =>
        subject.app.db.transaction().execute(async (trx) => {
          await trx.selectFrom('vehicles').select('id').limit(1).execute();
          await gate;
        }),
      );
      try {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const user = await timed(subject.call('GET', '/api/user', { headers: rider.auth }));
        expectBusy(user);
        const ready = await timed(subject.call('GET', '/api/ready'));
        expect(ready.status).toBe(503);
        expect(ready.elapsedMs).toBeLessThan(1_000);
      } finally {
        release();
        await Promise.all(holders);
      }
      expect((await subject.call('GET', '/api/ready')).status).toBe(200);
    });
  },
  { databaseLimits: SHORT_LIMITS },
);

describeOnSqlite(
  'bounded waits on SQLite',
  (subject) => {
    it('answers 503 with Retry-After while another process holds the write lock', async () => {
      const rider = await createUser(subject.app);
      const other = new SqliteDatabase(path.join(subject.config.dataDir, SQLITE_FILE_NAME));
      other.exec('begin immediate');
      try {
        const answer = await timed(
          subject.call('POST', '/api/book-ride/audi-q7', { headers: rider.auth, body: bookingForm() }),
        );
        expectBusy(answer);
        expect(answer.elapsedMs).toBeLessThan(2_000);
      } finally {
        other.exec('rollback');
        other.close();
      }
    });
  },
  { databaseLimits: SHORT_LIMITS },
);
