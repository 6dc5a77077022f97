import type { BookedRange, Rental, User } from '@rentora/shared';
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

/**
 * The account and its rentals (oldest first) in one query: a user without rentals is one row of
 * nulls on the rental side; a user that does not exist is no row at all.
 */
const profileRows = precompiled((db: Executor, userId: number) =>
  db
    .selectFrom('users')
    .leftJoin('rentals', 'rentals.user_id', 'users.id')
    .leftJoin('vehicles', 'vehicles.id', 'rentals.vehicle_id')
    .select([
      'users.name',
      'users.email',
      'users.avatar',
      'rentals.id as rental_id',
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
    .where('users.id', '=', userId)
    .orderBy('rentals.id'),
);

type ProfileRow = Awaited<ReturnType<typeof profileRows>>[number];

/** A row with a rental has every rental and car column set: a rental always has its car (a foreign key). */
const hasRental = (row: ProfileRow): row is { [K in keyof ProfileRow]: NonNullable<ProfileRow[K]> } =>
  row.rental_id !== null;

/** The user's profile with rentals, `expired` derived from `today` (a hot read: one precompiled query). */
export async function findProfile(db: Executor, userId: number, today: string): Promise<User | undefined> {
  const rows = await profileRows(db, userId);
  const [first] = rows;
  if (first === undefined) return undefined;
  const cars_rented = rows.filter(hasRental).map((row): Rental => ({
    car: { _id: row.slug, image_url: row.image_url, brand_name: row.brand_name, car_name: row.car_name },
    pick_up_date: row.pick_up_date,
    drop_off_date: row.drop_off_date,
    status: row.status === 'active' && row.drop_off_date < today ? 'expired' : row.status,
    days: row.days,
    total_price: row.total_price,
  }));
  return { name: first.name, email: first.email, avatar: first.avatar, cars_rented };
}
