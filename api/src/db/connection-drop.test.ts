import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BUSY } from '../errors';
import { DEFAULT_DATABASE_LIMITS } from './connect';
import { type ChildApi, startChildApi, stopChildApi } from '../testing/child-api';
import { ENGINES, type Answer, bookingForm, dateFromToday } from '../testing/test-app';
import { createPostgresDatabase } from '../testing/postgres-database';
import { TEST_JWT_SECRET } from '../testing/test-config';

jest.setTimeout(60_000);

const WORKERS = 12;
const DROPS = 3;
/** Requests answered before each drop, and after the last. */
const ANSWERS_BETWEEN_DROPS = 15;
const POOL_SIZE = DEFAULT_DATABASE_LIMITS.poolSize;
const CARS = ['land-rover-range-rover', 'bmw-7-series', 'audi-q7', 'jaguar-f-type'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const onPostgres = ENGINES.includes('postgres') ? describe : describe.skip;

onPostgres('PostgreSQL dropping its connections under load', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let dataDir: string;
  let api: ChildApi | undefined;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-drop-'));
  });
  afterAll(async () => {
    await stopChildApi(api);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('never ends the process, answers every read, and every booking but one whose COMMIT was cut off', async () => {
    api = await startChildApi({
      DATABASE_URL: database.url,
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: dataDir,
      // One user drives the whole load.
      RATE_LIMIT_WRITES_PER_USER: '100000',
      RATE_LIMIT_WRITES_PER_IP: '100000',
    });
    const { call } = api;
    const signUp = await call('POST', '/api/user/register', {
      body: { name: 'Load Rider', email: 'load@example.com', password: 'correct-horse-battery', avatar: 'avatar1' },
    });
    expect(signUp.status).toBe(201);
    const auth = { authorization: `Bearer ${(signUp.body as { token: string }).token}` };

    const reads: Answer[] = [];
    const bookings: Answer[] = [];
    const failures: unknown[] = [];
    let loading = true;
    const worker = async (index: number) => {
      for (let round = 0; loading; round += 1) {
        const day = 3 + ((index * 37 + round) % 170);
        try {
          if (round % 2 === 0) reads.push(await call('GET', '/api/user', { headers: auth }));
          else
            bookings.push(
              await call('POST', `/api/book-ride/${CARS[index % CARS.length]}`, {
                headers: auth,
                body: bookingForm({ pick_up_date: dateFromToday(day), drop_off_date: dateFromToday(day + 1) }),
              }),
            );
        } catch (error) {
          failures.push(error);
          return;
        }
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));

    // Paced by answers, not by the clock: each drop comes once the API has answered more requests
    // since the last (it got its connections back), so a slow or busy machine still drops them under load.
    const answered = () => reads.length + bookings.length;
    const answersMore = async (count: number) => {
      const target = answered() + count;
      while (answered() < target && failures.length === 0) await sleep(20);
    };
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      for (let drop = 0; drop < DROPS; drop += 1) {
        await answersMore(ANSWERS_BETWEEN_DROPS);
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
      }
      await answersMore(ANSWERS_BETWEEN_DROPS);
    } finally {
      loading = false;
      await admin.end();
    }
    await load;

    expect(failures).toEqual([]);
    expect(api.child.exitCode).toBeNull();
    // A dropped read runs again on another connection: the client never sees the drop.
    expect(new Set(reads.map(({ status }) => status))).toEqual(new Set([200]));
    // A dropped transaction runs again too (up to three runs): left are a drop during its COMMIT
    // (outcome unknown) or a rerun dropped again, at most one booking per pooled connection per drop.
    const statuses = new Set(bookings.map(({ status }) => status));
    expect([...statuses].filter((status) => ![201, 409, 503].includes(status))).toEqual([]);
    const busy = bookings.filter(({ status }) => status === 503);
    expect(busy.length).toBeLessThanOrEqual(DROPS * POOL_SIZE);
    for (const answer of busy) {
      expect(answer.message).toBe(BUSY);
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    }

    let ready = await call('GET', '/api/ready');
    for (let attempt = 0; ready.status !== 200 && attempt < 20; attempt += 1) {
      await sleep(250);
      ready = await call('GET', '/api/ready');
    }
    expect(ready.status).toBe(200);
    // The failure is logged by code and message; the pg client (with its connection settings) never is.
    expect(api.output()).toContain('database connection failed');
    expect(api.output()).not.toContain('"client"');
  });
});
