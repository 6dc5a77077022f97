import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, Migrator, sql } from 'kysely';
import { ENGINES, bookingForm } from '../../testing/test-app';
import { createPostgresDatabase } from '../../testing/postgres-database';
import { type DatabaseHandle, openDatabase } from '../connect';
import { MIGRATIONS } from '../migrate';
import type { Database } from '../schema';
import { isOverlapViolation } from '../violations';

jest.setTimeout(60_000);

const BEFORE_SESSIONS = '2026-11-26T00-01-idempotency-expiry';
const SESSIONS = '2026-11-27T00-00-sessions';

const migrateTo = async (db: Kysely<Database>, name: string) => {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(MIGRATIONS) } });
  const { error } = await migrator.migrateTo(name);
  if (error !== undefined) throw new Error(`Migrating to ${name} failed`, { cause: error });
};

/** A database with the schema and rows of the version before this migration. */
async function openOlderDatabase(engine: (typeof ENGINES)[number]) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-migrate-'));
  const postgres = engine === 'postgres' ? await createPostgresDatabase() : undefined;
  const handle: DatabaseHandle = openDatabase({ dataDir, databaseUrl: postgres?.url, onConnectionError: () => {} });
  await migrateTo(handle.db, BEFORE_SESSIONS);
  return {
    db: handle.db,
    close: async () => {
      await handle.db.destroy();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the older schema has no type of its own. */
const older = (db: Kysely<Database>) => db as unknown as Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

describe.each(ENGINES)('the sessions migration on %s', (engine) => {
  let database: Awaited<ReturnType<typeof openOlderDatabase>>;
  beforeAll(async () => {
    database = await openOlderDatabase(engine);
  });
  afterAll(() => database.close());

  it('keeps every account, rental and key, and their links, while ids are never handed out again', async () => {
    const db = older(database.db);
    const users = await db
      .insertInto('users')
      .values(
        [1, 2, 3].map((n) => ({
          name: `Rider ${n}`,
          email: `rider${n}@example.com`,
          password_hash: 'x',
          avatar: 'avatar1',
        })),
      )
      .returning('id')
      .execute();
    const [first = 0, , newest = 0] = users.map((user: { id: number }) => user.id);
    const rental = {
      ...bookingForm(),
      age: 30,
      user_id: first,
      vehicle_id: 1,
      days: 3,
      total_price: 3000,
      status: 'active',
    };
    await db
      .insertInto('vehicles')
      .values({
        id: 1,
        slug: 'test-car',
        car_name: 'Test Car',
        brand_name: 'Test',
        car_type: 'Sedan',
        seating_capacity: 4,
        price_per_day: 1000,
        image_url: 'https://images.example.com/car.jpg',
        location: 'Goa',
        customer_ratings: 4,
        description: 'A car.',
        availability: 1,
        model_year: 2024,
        average: 12,
        fuel_type: 'Petrol',
        engine: '2.0L',
        transmission: 'Automatic',
      })
      .execute();
    await db.insertInto('rentals').values(rental).execute();
    await db
      .insertInto('idempotency_keys')
      .values({ user_id: first, key: 'k', fingerprint: 'f', status_code: 201, body: 'b' })
      .execute();
    const before = {
      users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
      rentals: await db.selectFrom('rentals').selectAll().execute(),
      keys: await db.selectFrom('idempotency_keys').selectAll().execute(),
    };

    await migrateTo(database.db, SESSIONS);

    const after = older(database.db);
    expect(
      await after
        .selectFrom('users')
        .select(['id', 'name', 'email', 'password_hash', 'avatar', 'created_at'])
        .orderBy('id')
        .execute(),
    ).toEqual(before.users);
    expect(await after.selectFrom('rentals').selectAll().execute()).toEqual(before.rentals);
    expect(await after.selectFrom('idempotency_keys').selectAll().execute()).toEqual(before.keys);
    expect(await after.selectFrom('users').select('token_version').execute()).toEqual([
      { token_version: 0 },
      { token_version: 0 },
      { token_version: 0 },
    ]);

    // The newest account goes; the next one gets a new id, not its id.
    await after.deleteFrom('users').where('id', '=', newest).execute();
    const { id: next } = await after
      .insertInto('users')
      .values({ name: 'Next', email: 'next@example.com', password_hash: 'x', avatar: 'avatar1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next).toBeGreaterThan(newest);

    // Overlapping rentals are still refused by the database itself.
    const overlapping = await after
      .insertInto('rentals')
      .values({ ...rental, age: 30, status: 'active' })
      .execute()
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    expect(isOverlapViolation(overlapping)).toBe(true);

    // The links still lead to users: an account that goes takes its rentals and keys with it.
    await after.deleteFrom('users').where('id', '=', first).execute();
    expect(await after.selectFrom('rentals').select('id').execute()).toEqual([]);
    expect(await after.selectFrom('idempotency_keys').select('key').execute()).toEqual([]);
  });

  it('gives every table a foreign key to users, not to a table of the rebuild', async () => {
    if (engine !== 'sqlite') {
      const { rows } = await sql<{ referencing: string; referenced: string }>`
        select conrelid::regclass::text as referencing, confrelid::regclass::text as referenced
        from pg_constraint where contype = 'f' and confrelid = 'users'::regclass order by 1`.execute(database.db);
      expect(rows).toEqual([
        { referencing: 'idempotency_keys', referenced: 'users' },
        { referencing: 'rentals', referenced: 'users' },
        { referencing: 'revoked_tokens', referenced: 'users' },
      ]);
      return;
    }
    const referenced = async (table: string) =>
      (
        await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${table})`.execute(database.db)
      ).rows.map((row) => row.table);
    expect(await referenced('rentals')).toEqual(expect.arrayContaining(['users', 'vehicles']));
    expect(await referenced('idempotency_keys')).toEqual(['users']);
    expect(await referenced('revoked_tokens')).toEqual(['users']);
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where sql like '%_next%'`.execute(
      database.db,
    );
    expect(rows).toEqual([]);
  });
});
