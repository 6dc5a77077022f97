import { type Transaction, sql } from 'kysely';
import pg from 'pg';
import { ApiError, CONTENDED } from '../errors';
import { describeOnPostgres } from '../testing/describe-engines';
import type { Database } from './schema';
import { runInTransaction } from './transaction';

jest.setTimeout(30_000);

/**
 * Each run of the work reads a row in a REPEATABLE READ snapshot; when the run is to lose, the
 * test's own session changes that row and commits before the run writes it, so PostgreSQL
 * answers the write with a serialization failure (40001), every time.
 */
describeOnPostgres('a transaction that loses a race on PostgreSQL', (subject) => {
  let side: pg.Client;
  beforeAll(async () => {
    side = new pg.Client({ connectionString: subject.config.databaseUrl });
    await side.connect();
    await side.query('create table race_probe (id int primary key, n int not null)');
    await side.query('insert into race_probe values (1, 0)');
  });
  afterAll(() => side.end());
  beforeEach(() => side.query('update race_probe set n = 0'));

  const probe = async () => (await side.query<{ n: number }>('select n from race_probe')).rows;

  /** Work that loses its race on the runs `loses` names, and answers which run it was. */
  const racing = (loses: (run: number) => boolean) => {
    let runs = 0;
    return async (trx: Transaction<Database>): Promise<number> => {
      runs += 1;
      await sql`set transaction isolation level repeatable read`.execute(trx);
      await sql`select n from race_probe where id = 1`.execute(trx);
      if (loses(runs)) await side.query('update race_probe set n = n + 1 where id = 1');
      await sql`update race_probe set n = n + 100 where id = 1`.execute(trx);
      return runs;
    };
  };

  it('runs the work again after it loses, and answers what the rerun answers', async () => {
    expect(
      await runInTransaction(
        subject.app.db,
        racing((run) => run < 3),
      ),
    ).toBe(3);
    // The two winners' changes, then the third run's own, once.
    expect(await probe()).toEqual([{ n: 102 }]);
  });

  it('answers 409 to try again, never a server error, when every run loses', async () => {
    const lost = runInTransaction(
      subject.app.db,
      racing(() => true),
    );
    await expect(lost).rejects.toBeInstanceOf(ApiError);
    await expect(lost).rejects.toMatchObject({ statusCode: 409, message: CONTENDED });
    expect(await probe()).toEqual([{ n: 3 }]);
  });

  it('answers what the caller gives for a lost race when it gives one', async () => {
    // The work answers which run won; no run did.
    const answer = await runInTransaction(
      subject.app.db,
      racing(() => true),
      () => 0,
    );
    expect(answer).toBe(0);
  });
});
