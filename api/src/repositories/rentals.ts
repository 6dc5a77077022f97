import type { BookedRange, Rental, RentalStatus, User } from '@rentora/shared';
import type { RentalStage, UpcomingRental } from '@rentora/shared/operator';
import { sql } from 'kysely';
import { precompiled } from '../db/precompiled';
import { isoTimestamp } from '../db/timestamps';
import type { NewRental } from '../db/schema';
import type { Executor } from './executor';
import type { SessionKey } from './sessions';
import { HOLDING_STAGES } from './vehicles';

// A booking's checks, run in its transaction on every request: precompiled (db/precompiled.ts).
const overlappingRanges = precompiled((db: Executor, vehicleId: number, from: string, to: string) =>
  db
    .selectFrom('rentals')
    .select(['pick_up_date', 'drop_off_date'])
    .where('vehicle_id', '=', vehicleId)
    .where('stage', 'in', HOLDING_STAGES)
    .where('pick_up_date', '<=', to)
    .where('drop_off_date', '>=', from)
    .unionAll((eb) =>
      eb
        .selectFrom('vehicle_blocks')
        .select(['start_date as pick_up_date', 'end_date as drop_off_date'])
        .where('vehicle_id', '=', vehicleId)
        .where('start_date', '<=', to)
        .where('end_date', '>=', from),
    )
    .orderBy('pick_up_date')
    .limit(1),
);

/** The first range of a rental holding the car, or of a block, that overlaps `wanted`. */
export async function findOverlappingRange(
  db: Executor,
  vehicleId: number,
  wanted: BookedRange,
): Promise<BookedRange | undefined> {
  const [range] = await overlappingRanges(db, vehicleId, wanted.pick_up_date, wanted.drop_off_date);
  return range;
}

const currentRentalOfCar = precompiled((db: Executor, userId: number, vehicleId: number, today: string) =>
  db
    .selectFrom('rentals')
    .select('id')
    .where('user_id', '=', userId)
    .where('vehicle_id', '=', vehicleId)
    .where('stage', 'in', HOLDING_STAGES)
    .where('drop_off_date', '>=', today)
    .limit(1),
);

/** The user's rental of a car holding it (confirmed or picked up) that has not ended before `today`, if any. */
export async function hasCurrentRental(
  db: Executor,
  userId: number,
  vehicleId: number,
  today: string,
): Promise<boolean> {
  return (await currentRentalOfCar(db, userId, vehicleId, today)).length > 0;
}

const currentRentalCount = precompiled((db: Executor, userId: number, today: string) =>
  db
    .selectFrom('rentals')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('stage', 'in', HOLDING_STAGES)
    .where('drop_off_date', '>=', today),
);

/** How many rentals the user holds that are upcoming or running on `today` (confirmed or picked up, not yet ended). */
export async function countCurrentRentals(db: Executor, userId: number, today: string): Promise<number> {
  const [row] = await currentRentalCount(db, userId, today);
  return Number(row?.count ?? 0);
}

export async function insertRental(db: Executor, rental: NewRental): Promise<number> {
  const { id } = await db.insertInto('rentals').values(rental).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The user's current rental of a car (holding it, not ended before `today`), with its stage. */
export async function findCurrentRental(
  db: Executor,
  userId: number,
  vehicleId: number,
  today: string,
): Promise<{ id: number; stage: RentalStage } | undefined> {
  return db
    .selectFrom('rentals')
    .select(['id', 'stage'])
    .where('user_id', '=', userId)
    .where('vehicle_id', '=', vehicleId)
    .where('stage', 'in', HOLDING_STAGES)
    .where('drop_off_date', '>=', today)
    .executeTakeFirst();
}

/**
 * The car's confirmed rentals (not picked up), earliest first, with the renter's name: those that
 * have not ended before `endingFrom`, or every one when it is left out.
 */
export async function listUpcomingRentals(
  db: Executor,
  vehicleId: number,
  endingFrom?: string,
): Promise<UpcomingRental[]> {
  let query = db
    .selectFrom('rentals')
    .innerJoin('users', 'users.id', 'rentals.user_id')
    .select(['rentals.id', 'rentals.pick_up_date', 'rentals.drop_off_date', 'users.name as customer'])
    .where('rentals.vehicle_id', '=', vehicleId)
    .where('rentals.stage', '=', 'confirmed');
  if (endingFrom !== undefined) query = query.where('rentals.drop_off_date', '>=', endingFrom);
  return query.orderBy('rentals.pick_up_date').orderBy('rentals.id').execute();
}

/** The car's rental that is picked up and not yet completed (overdue or not), if any: the car is on the road. */
export async function findRentalOnTheRoad(
  db: Executor,
  vehicleId: number,
): Promise<{ id: number; drop_off_date: string } | undefined> {
  return db
    .selectFrom('rentals')
    .select(['id', 'drop_off_date'])
    .where('vehicle_id', '=', vehicleId)
    .where('stage', '=', 'picked_up')
    .orderBy('drop_off_date')
    .executeTakeFirst();
}

/**
 * Moves a rental from one stage to another and keeps the move in its history, in the caller's
 * transaction; answers false, changing nothing, when the rental is no longer at `from`.
 */
export async function moveRentalStage(
  db: Executor,
  move: { rentalId: number; from: RentalStage; to: RentalStage; by: string; reason: string },
): Promise<boolean> {
  const result = await db
    .updateTable('rentals')
    .set({ stage: move.to, updated_at: sql<string>`CURRENT_TIMESTAMP` })
    .where('id', '=', move.rentalId)
    .where('stage', '=', move.from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await db
    .insertInto('rental_stage_changes')
    .values({
      rental_id: move.rentalId,
      from_stage: move.from,
      to_stage: move.to,
      changed_by: move.by,
      reason: move.reason,
    })
    .execute();
  return true;
}

/**
 * The account and its rentals (oldest first) in one query: a user without rentals is one row of
 * nulls on the rental side; a session that is not open (`sessions.ts`) is no row at all.
 */
const profileRows = precompiled(
  (db: Executor, userId: number, version: number, issuedBefore: string, tokenId: string) =>
    db
      .selectFrom('users')
      .leftJoin('rentals', 'rentals.user_id', 'users.id')
      .leftJoin('vehicles', 'vehicles.id', 'rentals.vehicle_id')
      .select([
        'users.name',
        'users.email',
        'users.avatar',
        'users.role',
        'rentals.id as rental_id',
        ...CUSTOMER_RENTAL_COLUMNS,
      ])
      .where('users.id', '=', userId)
      .where('users.token_version', '=', version)
      .where('users.created_at', '<', issuedBefore)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('revoked_tokens').select('jti').where('revoked_tokens.jti', '=', tokenId))),
      )
      .orderBy('rentals.id'),
);

type ProfileRow = Awaited<ReturnType<typeof profileRows>>[number];

/** A row with a rental has every rental and car column set: a rental always has its car (a foreign key). */
const hasRental = (row: ProfileRow): row is { [K in keyof ProfileRow]: NonNullable<ProfileRow[K]> } =>
  row.rental_id !== null;

/** A rental as its customer sees it, of `rentals` joined to their `vehicles`: the profile's and the invoices' lists. */
export const CUSTOMER_RENTAL_COLUMNS = [
  'vehicles.slug',
  'vehicles.image_url',
  'vehicles.brand_name',
  'vehicles.car_name',
  'rentals.pick_up_date',
  'rentals.drop_off_date',
  'rentals.stage',
  'rentals.days',
  'rentals.total_price',
  'rentals.hold_expires_at',
] as const;

interface CustomerRentalRow {
  slug: string;
  image_url: string;
  brand_name: string;
  car_name: string;
  pick_up_date: string;
  drop_off_date: string;
  stage: RentalStage;
  days: number;
  total_price: number;
  hold_expires_at: string | null;
}

/** A rental of CUSTOMER_RENTAL_COLUMNS as the customer sees it, `expired` derived from `today`. */
export function customerRental(row: CustomerRentalRow, today: string): Rental {
  const status = customerStatus(row.stage, row.drop_off_date, today);
  const held = status === 'active' && row.hold_expires_at !== null;
  return {
    car: { _id: row.slug, image_url: row.image_url, brand_name: row.brand_name, car_name: row.car_name },
    pick_up_date: row.pick_up_date,
    drop_off_date: row.drop_off_date,
    status: held ? 'awaiting_payment' : status,
    days: row.days,
    total_price: row.total_price,
    ...(held && row.hold_expires_at !== null && { hold_expires_at: isoTimestamp(row.hold_expires_at) }),
  };
}

/**
 * What a customer sees of a stage (docs/decisions/0017-operator-side.md): a started rental is in
 * progress until it is completed, even when its return is overdue, since the car is still out.
 */
export function customerStatus(stage: RentalStage, dropOff: string, today: string): RentalStatus {
  if (stage === 'cancelled') return 'cancelled';
  if (stage === 'picked_up') return 'in_progress';
  if (stage === 'completed' || stage === 'no_show' || dropOff < today) return 'expired';
  return 'active';
}

/**
 * The profile of the session's user with rentals, `expired` derived from `today` (a hot read: one
 * precompiled query that also checks the session, as `findSessionAccount` does).
 */
export async function findProfile(db: Executor, session: SessionKey, today: string): Promise<User | undefined> {
  const rows = await profileRows(db, session.userId, session.version, session.issuedBefore, session.tokenId);
  const [first] = rows;
  if (first === undefined) return undefined;
  const cars_rented = rows.filter(hasRental).map((row): Rental => customerRental(row, today));
  return { name: first.name, email: first.email, avatar: first.avatar, role: first.role, cars_rented };
}
