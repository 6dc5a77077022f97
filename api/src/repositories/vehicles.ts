import type { BookedRange, Vehicle } from '@rentora/shared';
import type { VehicleStatus } from '@rentora/shared/operator';
import type { Engine } from '../db/connect';
import { precompiled } from '../db/precompiled';
import type { VehicleRow } from '../db/schema';
import { PRICED_VEHICLE_COLUMNS, type PricedVehicle } from '../money/car-rules';
import type { Executor } from './executor';

/** The cars the public sees: in service, or out of service (shown as unavailable); never drafts or retired ones. */
export const PUBLIC_STATUSES = ['in_service', 'out_of_service'] as const;
/** The rental stages that hold a car's days. */
export const HOLDING_STAGES = ['confirmed', 'picked_up'] as const;

export async function listVehicleRows(db: Executor): Promise<VehicleRow[]> {
  return db.selectFrom('vehicles').selectAll().where('status', 'in', PUBLIC_STATUSES).orderBy('id').execute();
}

const vehiclesBySlug = precompiled((db: Executor, slug: string) =>
  db.selectFrom('vehicles').selectAll().where('slug', '=', slug),
);

/** Read live by every booking and cancellation (the fleet cache may be seconds old): precompiled. Any status. */
export async function findVehicle(db: Executor, slug: string): Promise<VehicleRow | undefined> {
  const [vehicle] = await vehiclesBySlug(db, slug);
  return vehicle;
}

/** The public cars (in or out of service) among these `_id`s; unknown ones are simply not among them. */
export async function findPublicVehicles(db: Executor, slugs: readonly string[]): Promise<VehicleRow[]> {
  if (slugs.length === 0) return [];
  return db
    .selectFrom('vehicles')
    .selectAll()
    .where('slug', 'in', slugs)
    .where('status', 'in', PUBLIC_STATUSES)
    .execute();
}

const vehicleStatus = precompiled((db: Executor, id: number) =>
  db.selectFrom('vehicles').select('status').where('id', '=', id),
);
const lockedVehicleStatus = precompiled((db: Executor, id: number) =>
  db.selectFrom('vehicles').select('status').where('id', '=', id).forUpdate(),
);

/**
 * Serialises bookings of one car on PostgreSQL (row lock until commit), taken before the overlap
 * check: without it, concurrent inserts wait on each other inside the exclusion constraint and
 * PostgreSQL breaks the cycles as deadlocks. SQLite's BEGIN IMMEDIATE already serialises writers.
 * Answers the car's status as it is under the lock: a status move waits for it, or has committed.
 * Only the status: most bookings are refused before they are priced (findPricedVehicle).
 */
export async function lockVehicle(db: Executor, engine: Engine, id: number): Promise<VehicleStatus> {
  const [row] = await (engine === 'postgres' ? lockedVehicleStatus : vehicleStatus)(db, id);
  if (row === undefined) throw new Error(`there is no car ${id} to lock`);
  return row.status;
}

const pricedVehicles = precompiled((db: Executor, id: number) =>
  db.selectFrom('vehicles').select(PRICED_VEHICLE_COLUMNS).where('id', '=', id),
);

/**
 * What a booking prices the car by, read in its transaction after lockVehicle: a change of the
 * car's prices commits before that lock or waits for it, so this is the price as it stands.
 */
export async function findPricedVehicle(db: Executor, id: number): Promise<PricedVehicle> {
  const [row] = await pricedVehicles(db, id);
  if (row === undefined) throw new Error(`there is no car ${id} to price`);
  return row;
}

/**
 * Locks the car of a rental on PostgreSQL (row lock until commit), for a write that then locks
 * the rental: every write that takes a car and its rentals takes the car first (a booking, a
 * block, a move off the road), so none holds a rental while it waits for the car, and no two
 * of them deadlock. SQLite's BEGIN IMMEDIATE already serialises writers.
 */
export async function lockVehicleOfRental(db: Executor, engine: Engine, rentalId: number): Promise<void> {
  if (engine !== 'postgres') return;
  await db
    .selectFrom('vehicles')
    .select('id')
    .where('id', '=', (eb) => eb.selectFrom('rentals').select('vehicle_id').where('id', '=', rentalId))
    .forUpdate()
    .execute();
}

/** The lifecycle status of a rental's car. */
export async function findStatusOfRentalCar(db: Executor, rentalId: number): Promise<VehicleStatus> {
  const { status } = await db
    .selectFrom('vehicles')
    .innerJoin('rentals', 'rentals.vehicle_id', 'vehicles.id')
    .select('vehicles.status')
    .where('rentals.id', '=', rentalId)
    .executeTakeFirstOrThrow();
  return status;
}

/**
 * Ranges held by rentals (confirmed or picked up) and by the car's blocks, that have not ended
 * before `today`: publicly a block is booked days like any other, its reason unsaid (a hot read: precompiled).
 */
export const listBookedRanges: (db: Executor, vehicleId: number, today: string) => Promise<BookedRange[]> = precompiled(
  (db: Executor, vehicleId: number, today: string) =>
    db
      .selectFrom('rentals')
      .select(['pick_up_date', 'drop_off_date'])
      .where('vehicle_id', '=', vehicleId)
      .where('stage', 'in', HOLDING_STAGES)
      .where('drop_off_date', '>=', today)
      .unionAll((eb) =>
        eb
          .selectFrom('vehicle_blocks')
          .select(['start_date as pick_up_date', 'end_date as drop_off_date'])
          .where('vehicle_id', '=', vehicleId)
          .where('end_date', '>=', today),
      )
      .orderBy('pick_up_date'),
);

/** Every car's booked ranges (rentals that hold it, and its blocks) from `today` on, by car, each car's in pick-up order. */
export async function listEveryBookedRange(db: Executor, today: string): Promise<Map<number, BookedRange[]>> {
  const rows = await db
    .selectFrom('rentals')
    .select(['vehicle_id', 'pick_up_date', 'drop_off_date'])
    .where('stage', 'in', HOLDING_STAGES)
    .where('drop_off_date', '>=', today)
    .unionAll((eb) =>
      eb
        .selectFrom('vehicle_blocks')
        .select(['vehicle_id', 'start_date as pick_up_date', 'end_date as drop_off_date'])
        .where('end_date', '>=', today),
    )
    .orderBy('vehicle_id')
    .orderBy('pick_up_date')
    .execute();
  const byCar = new Map<number, BookedRange[]>();
  for (const { vehicle_id: vehicleId, ...range } of rows) {
    const ranges = byCar.get(vehicleId);
    if (ranges === undefined) byCar.set(vehicleId, [range]);
    else ranges.push(range);
  }
  return byCar;
}

export function toVehicle({ slug, status, ...facts }: VehicleRow): Vehicle {
  return {
    _id: slug,
    id: facts.id,
    car_name: facts.car_name,
    brand_name: facts.brand_name,
    car_type: facts.car_type,
    seating_capacity: facts.seating_capacity,
    price_per_day: facts.price_per_day,
    image_url: facts.image_url,
    location: facts.location,
    customer_ratings: facts.customer_ratings,
    description: facts.description,
    availability: status === 'in_service',
    model_year: facts.model_year,
    average: facts.average,
    fuel_type: facts.fuel_type,
    engine: facts.engine,
    transmission: facts.transmission,
  };
}

/**
 * Public cars in a city (any letter case) and/or free on every day of an inclusive range, by id.
 * A dated search leaves out cars out of service and cars blocked on any day of the range.
 *
 * A car's live rentals never overlap (the database refuses it), so sorted by drop-off they are
 * sorted by pick-up too: the car is free on the range exactly when its first live rental ending
 * on or after the range's first day starts after the range's last day. That is one seek into
 * `rentals_vehicle_dates` (vehicle_id, drop_off_date) per car, however many later rentals it
 * has; a NOT EXISTS had to read every one of them for a car that is free.
 */
export async function searchVehicleRows(db: Executor, filter: VehicleFilter): Promise<VehicleRow[]> {
  return searchVehicleQuery(db, filter).execute();
}

export interface VehicleFilter {
  location?: string;
  range?: BookedRange;
}

/** Later than any date a rental can have: what a car with no rental ahead "starts" on. */
const NO_RENTAL_YET = '9999-12-31';

export function searchVehicleQuery(db: Executor, { location, range }: VehicleFilter) {
  let query = db.selectFrom('vehicles').selectAll('vehicles').where('vehicles.status', 'in', PUBLIC_STATUSES);
  if (location !== undefined) {
    query = query.where((eb) => eb(eb.fn('lower', ['vehicles.location']), '=', eb.fn('lower', [eb.val(location)])));
  }
  if (range !== undefined) {
    query = query.where('vehicles.status', '=', 'in_service').where((eb) => {
      const nextRentalStart = eb
        .selectFrom('rentals')
        .select('rentals.pick_up_date')
        .whereRef('rentals.vehicle_id', '=', 'vehicles.id')
        .where('rentals.stage', 'in', HOLDING_STAGES)
        .where('rentals.drop_off_date', '>=', range.pick_up_date)
        .orderBy('rentals.drop_off_date')
        .limit(1);
      const blocked = eb
        .selectFrom('vehicle_blocks')
        .select('vehicle_blocks.id')
        .whereRef('vehicle_blocks.vehicle_id', '=', 'vehicles.id')
        .where('vehicle_blocks.end_date', '>=', range.pick_up_date)
        .where('vehicle_blocks.start_date', '<=', range.drop_off_date);
      // No such rental: free from the range's first day on.
      return eb.and([
        eb(eb.fn.coalesce(nextRentalStart, eb.val(NO_RENTAL_YET)), '>', range.drop_off_date),
        eb.not(eb.exists(blocked)),
      ]);
    });
  }
  return query.orderBy('vehicles.id');
}
