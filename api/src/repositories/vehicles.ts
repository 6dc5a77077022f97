import type { BookedRange, Vehicle } from '@rentora/shared';
import type { Engine } from '../db/connect';
import { precompiled } from '../db/precompiled';
import type { VehicleRow } from '../db/schema';
import type { Executor } from './executor';

export async function listVehicleRows(db: Executor): Promise<VehicleRow[]> {
  return db.selectFrom('vehicles').selectAll().orderBy('id').execute();
}

const vehiclesBySlug = precompiled((db: Executor, slug: string) =>
  db.selectFrom('vehicles').selectAll().where('slug', '=', slug),
);

/** Read live by every booking and cancellation (the fleet cache may be seconds old): precompiled. */
export async function findVehicle(db: Executor, slug: string): Promise<VehicleRow | undefined> {
  const [vehicle] = await vehiclesBySlug(db, slug);
  return vehicle;
}

/**
 * Serialises bookings of one car on PostgreSQL (row lock until commit), taken before the overlap
 * check: without it, concurrent inserts wait on each other inside the exclusion constraint and
 * PostgreSQL breaks the cycles as deadlocks. SQLite's BEGIN IMMEDIATE already serialises writers.
 */
export async function lockVehicle(db: Executor, engine: Engine, id: number): Promise<void> {
  if (engine !== 'postgres') return;
  await db.selectFrom('vehicles').select('id').where('id', '=', id).forUpdate().execute();
}

/** Ranges held by non-cancelled rentals that have not ended before `today` (a hot read: precompiled). */
export const listBookedRanges: (db: Executor, vehicleId: number, today: string) => Promise<BookedRange[]> = precompiled(
  (db: Executor, vehicleId: number, today: string) =>
    db
      .selectFrom('rentals')
      .select(['pick_up_date', 'drop_off_date'])
      .where('vehicle_id', '=', vehicleId)
      .where('status', '<>', 'cancelled')
      .where('drop_off_date', '>=', today)
      .orderBy('pick_up_date'),
);

export function toVehicle({ slug, availability, ...facts }: VehicleRow): Vehicle {
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
    availability: availability === 1,
    model_year: facts.model_year,
    average: facts.average,
    fuel_type: facts.fuel_type,
    engine: facts.engine,
    transmission: facts.transmission,
  };
}

/**
 * Cars in a city (any letter case) and/or free on every day of an inclusive range, by id. A
 * dated search leaves out cars out of service.
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
  let query = db.selectFrom('vehicles').selectAll('vehicles');
  if (location !== undefined) {
    query = query.where((eb) => eb(eb.fn('lower', ['vehicles.location']), '=', eb.fn('lower', [eb.val(location)])));
  }
  if (range !== undefined) {
    query = query.where('vehicles.availability', '=', 1).where((eb) => {
      const nextRentalStart = eb
        .selectFrom('rentals')
        .select('rentals.pick_up_date')
        .whereRef('rentals.vehicle_id', '=', 'vehicles.id')
        .where('rentals.status', '<>', 'cancelled')
        .where('rentals.drop_off_date', '>=', range.pick_up_date)
        .orderBy('rentals.drop_off_date')
        .limit(1);
      // No such rental: free from the range's first day on.
      return eb(eb.fn.coalesce(nextRentalStart, eb.val(NO_RENTAL_YET)), '>', range.drop_off_date);
    });
  }
  return query.orderBy('vehicles.id');
}
