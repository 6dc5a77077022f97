import type { BookedRange, Rental } from '@rentora/shared';
import { sql } from 'kysely';
import { precompiled } from '../db/precompiled';
import type { NewRental } from '../db/schema';
import type { Executor } from './executor';

export async function findOverlappingRange(
  db: Executor,
  vehicleId: number,
  wanted: BookedRange,
): Promise<BookedRange | undefined> {
  return db
    .selectFrom('rentals')
    .select(['pick_up_date', 'drop_off_date'])
    .where('vehicle_id', '=', vehicleId)
    .where('status', '<>', 'cancelled')
    .where('pick_up_date', '<=', wanted.drop_off_date)
    .where('drop_off_date', '>=', wanted.pick_up_date)
    .orderBy('pick_up_date')
    .executeTakeFirst();
}

/** The user's active rental of a car that has not ended before `today`, if any. */
export async function hasCurrentRental(
  db: Executor,
  userId: number,
  vehicleId: number,
  today: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('rentals')
    .select('id')
    .where('user_id', '=', userId)
    .where('vehicle_id', '=', vehicleId)
    .where('status', '=', 'active')
    .where('drop_off_date', '>=', today)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRental(db: Executor, rental: NewRental): Promise<void> {
  await db.insertInto('rentals').values(rental).execute();
}

/** Cancels the user's current rental of a car; answers how many were cancelled (0 or 1). */
export async function cancelCurrentRental(
  db: Executor,
  userId: number,
  vehicleId: number,
  today: string,
): Promise<number> {
  const result = await db
    .updateTable('rentals')
    .set({ status: 'cancelled', updated_at: sql<string>`CURRENT_TIMESTAMP` })
    .where('user_id', '=', userId)
    .where('vehicle_id', '=', vehicleId)
    .where('status', '=', 'active')
    .where('drop_off_date', '>=', today)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const rentalsOfUser = precompiled((db: Executor, userId: number) =>
  db
    .selectFrom('rentals')
    .innerJoin('vehicles', 'vehicles.id', 'rentals.vehicle_id')
    .select([
      'vehicles.slug',
      'vehicles.image_url',
      'vehicles.brand_name',
      'vehicles.car_name',
      'rentals.pick_up_date',
      'rentals.drop_off_date',
      'rentals.status',
      'rentals.days',
      'rentals.total_price',
    ])
    .where('rentals.user_id', '=', userId)
    .orderBy('rentals.id'),
);

/** The user's rentals, oldest first, with `expired` derived from `today` (a hot read: precompiled). */
export async function listRentalsOfUser(db: Executor, userId: number, today: string): Promise<Rental[]> {
  const rows = await rentalsOfUser(db, userId);
  return rows.map((row) => ({
    car: { _id: row.slug, image_url: row.image_url, brand_name: row.brand_name, car_name: row.car_name },
    pick_up_date: row.pick_up_date,
    drop_off_date: row.drop_off_date,
    status: row.status === 'active' && row.drop_off_date < today ? 'expired' : row.status,
    days: row.days,
    total_price: row.total_price,
  }));
}
