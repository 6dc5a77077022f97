import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, Migrator } from 'kysely';
import { ENGINES, bookingForm } from '../../testing/test-app';
import { createPostgresDatabase } from '../../testing/postgres-database';
import { type DatabaseHandle, openDatabase } from '../connect';
import { MIGRATIONS, migrateToLatest } from '../migrate';
import type { Database } from '../schema';
import { isBlockOverlapViolation, isOverlapViolation } from '../violations';

jest.setTimeout(60_000);

const BEFORE_FLEET_OPERATIONS = '2026-11-28T00-00-roles-and-audit';

/* eslint-disable @typescript-eslint/no-explicit-any -- the older schema has no type of its own. */
const older = (db: Kysely<Database>) => db as unknown as Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (reason: unknown) => reason,
  );

describe.each(ENGINES)('the fleet-operations migration on %s', (engine) => {
  let handle: DatabaseHandle;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-migrate-'));
    const postgres = engine === 'postgres' ? await createPostgresDatabase() : undefined;
    handle = openDatabase({ dataDir, databaseUrl: postgres?.url, onConnectionError: () => {} });
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: () => Promise.resolve(MIGRATIONS) } });
    const { error } = await migrator.migrateTo(BEFORE_FLEET_OPERATIONS);
    if (error !== undefined) throw new Error('Migrating failed', { cause: error });
    close = async () => {
      await handle.db.destroy();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  it('keeps every car and rental: availability becomes status, active becomes confirmed; overlaps stay refused', async () => {
    const db = older(handle.db);
    const car = (id: number, availability: number) => ({
      id,
      slug: `car-${id}`,
      car_name: `Car ${id}`,
      brand_name: 'Test',
      car_type: 'Sedan',
      seating_capacity: 4,
      price_per_day: 1000,
      image_url: 'https://images.example.com/car.jpg',
      location: 'Goa',
      customer_ratings: 4,
      description: 'A car.',
      availability,
      model_year: 2024,
      average: 12,
      fuel_type: 'Petrol',
      engine: '2.0L',
      transmission: 'Automatic',
    });
    await db
      .insertInto('vehicles')
      .values([car(1, 1), car(2, 0)])
      .execute();
    const { id: userId } = await db
      .insertInto('users')
      .values({ name: 'Rider', email: 'rider@example.com', password_hash: 'x', avatar: 'avatar1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rental = (status: string, pickUp: string, dropOff: string) => ({
      ...bookingForm({ pick_up_date: pickUp, drop_off_date: dropOff }),
      age: 30,
      user_id: userId,
      vehicle_id: 1,
      days: 3,
      total_price: 3000,
      status,
    });
    await db
      .insertInto('rentals')
      .values([rental('active', '2030-01-01', '2030-01-03'), rental('cancelled', '2030-01-02', '2030-01-04')])
      .execute();

    await migrateToLatest(handle.db);

    const after = handle.db;
    expect(
      await after
        .selectFrom('vehicles')
        .select(['slug', 'status', 'license_plate', 'updated_by'])
        .orderBy('id')
        .execute(),
    ).toEqual([
      { slug: 'car-1', status: 'in_service', license_plate: 'SEED1', updated_by: null },
      { slug: 'car-2', status: 'out_of_service', license_plate: 'SEED2', updated_by: null },
    ]);
    expect(await after.selectFrom('rentals').select(['pick_up_date', 'stage']).orderBy('id').execute()).toEqual([
      { pick_up_date: '2030-01-01', stage: 'confirmed' },
      { pick_up_date: '2030-01-02', stage: 'cancelled' },
    ]);

    // The same rental written with the new column: `status` is gone.
    const { status: oldColumn, ...current } = rental('active', '2030-01-03', '2030-01-05');
    expect(oldColumn).toBe('active');
    const overRental = await failureOf(
      after
        .insertInto('rentals')
        .values({ ...current, stage: 'confirmed' })
        .execute(),
    );
    expect(isOverlapViolation(overRental)).toBe(true);
    const blockOverRental = await failureOf(
      after
        .insertInto('vehicle_blocks')
        .values({
          vehicle_id: 1,
          start_date: '2030-01-03',
          end_date: '2030-01-03',
          reason: 'repair',
          note: '',
          created_by: 't',
        })
        .execute(),
    );
    expect(isBlockOverlapViolation(blockOverRental)).toBe(true);
    // The rentals still point at the cars, the cars' plates stay unique.
    const duplicatePlate = await failureOf(
      after.updateTable('vehicles').set({ license_plate: 'SEED1' }).where('id', '=', 2).execute(),
    );
    expect(duplicatePlate).toBeDefined();
  });
});
