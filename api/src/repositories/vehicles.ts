import type { BookedRange, Vehicle } from '@rentora/shared';
import type { Engine } from '../db/connect';
import { precompiled } from '../db/precompiled';
import type { VehicleRow } from '../db/schema';
import type { Executor } from './executor';

export async function listVehicleRows(db: Executor): Promise<VehicleRow[]> {
  return db.selectFrom('vehicles').selectAll().orderBy('id').execute();
}

export async function findVehicle(db: Executor, slug: string): Promise<VehicleRow | undefined> {
  return db.selectFrom('vehicles').selectAll().where('slug', '=', slug).executeTakeFirst();
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
 * Cars in a city (any letter case) and/or free on every day of an inclusive range, by id: one
 * query whose NOT EXISTS probes `rentals_vehicle_dates` (vehicle_id, drop_off_date) per car. A
 * dated search leaves out cars out of service.
 */
export async function searchVehicleRows(db: Executor, filter: VehicleFilter): Promise<VehicleRow[]> {
  return searchVehicleQuery(db, filter).execute();
}

export interface VehicleFilter {
  location?: string;
  range?: BookedRange;
}

export function searchVehicleQuery(db: Executor, { location, range }: VehicleFilter) {
  let query = db.selectFrom('vehicles').selectAll('vehicles');
  if (location !== undefined) {
    query = query.where((eb) => eb(eb.fn('lower', ['vehicles.location']), '=', eb.fn('lower', [eb.val(location)])));
  }
  if (range !== undefined) {
    query = query
      .where('vehicles.availability', '=', 1)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('rentals')
              .select('rentals.id')
              .whereRef('rentals.vehicle_id', '=', 'vehicles.id')
              .where('rentals.drop_off_date', '>=', range.pick_up_date)
              .where('rentals.pick_up_date', '<=', range.drop_off_date)
              .where('rentals.status', '<>', 'cancelled'),
          ),
        ),
      );
  }
  return query.orderBy('vehicles.id');
}
