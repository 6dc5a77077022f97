import type { User } from '@rentora/shared';
import type { ChangeSignal } from '../db/change-signal';
import { findProfile } from '../repositories/rentals';
import { type VehicleFilter, listBookedRanges, searchVehicleRows, toVehicle } from '../repositories/vehicles';
import type { Executor } from '../repositories/executor';
import { createReadCache } from './read-cache';

/**
 * The hot reads, as JSON ready to send, cached until the database changes (`read-cache.ts`).
 * Each JSON is exactly what the route's response schema would write: plain `JSON.stringify` of
 * objects the repositories build with the schema's fields only.
 */
export interface CachedReads {
  /** The car's booked ranges from `today` on, as a JSON array. */
  bookedRanges(vehicleId: number, today: string): Promise<string>;
  /** The user and their rentals, or undefined for an account that does not exist. */
  profile(userId: number, today: string): Promise<string | undefined>;
  /** The cars a search finds, as a JSON array. */
  search(filter: VehicleFilter, today: string): Promise<string>;
}

const MAX_CARS = 1_000;
const MAX_PROFILES = 5_000;
// A dated search of the whole fleet is about 30 KB of JSON: a few megabytes at most.
const MAX_SEARCHES = 200;

const toJson = (value: unknown) => JSON.stringify(value);
const profileJson = (profile: User | undefined) => (profile === undefined ? undefined : toJson(profile));
const searchKey = ({ location, range }: VehicleFilter) =>
  `${range?.pick_up_date ?? ''} ${range?.drop_off_date ?? ''} ${location ?? ''}`;

export function createCachedReads(db: Executor, changes: ChangeSignal | undefined): CachedReads {
  const bookedRanges = createReadCache<number, string>(changes, MAX_CARS);
  const profiles = createReadCache<number, string | undefined>(changes, MAX_PROFILES);
  const searches = createReadCache<string, string>(changes, MAX_SEARCHES);
  return {
    bookedRanges: (vehicleId, today) =>
      bookedRanges.read(vehicleId, today, () => listBookedRanges(db, vehicleId, today).then(toJson)),
    profile: (userId, today) => profiles.read(userId, today, () => findProfile(db, userId, today).then(profileJson)),
    search: (filter, today) =>
      searches.read(searchKey(filter), today, () =>
        searchVehicleRows(db, filter).then((rows) => toJson(rows.map(toVehicle))),
      ),
  };
}
