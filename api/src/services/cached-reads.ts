import type { User } from '@rentora/shared';
import type { ChangeSignal } from '../db/change-signal';
import { findProfile } from '../repositories/rentals';
import { type VehicleFilter, listBookedRanges, searchVehicleRows, toVehicle } from '../repositories/vehicles';
import type { Executor } from '../repositories/executor';
import type { SessionKey } from '../repositories/sessions';
import { createReadCache } from './read-cache';

/**
 * What tells the caches that their answers may be old: `all` for any write (SQLite's data
 * version), `cars` for a car's booked days or availability (every instance's vehicle changes).
 */
export interface ReadSignals {
  all?: ChangeSignal;
  cars?: ChangeSignal;
}

/**
 * The hot reads, as JSON ready to send, cached until the database changes (`read-cache.ts`).
 * A profile also changes with a revoked session, which no car signal names: it is cached only
 * where every write is seen (`all`).
 * Each JSON is exactly what the route's response schema would write: plain `JSON.stringify` of
 * objects the repositories build with the schema's fields only.
 */
export interface CachedReads {
  /** The car's booked ranges from `today` on, as a JSON array. */
  bookedRanges(vehicleId: number, today: string): Promise<string>;
  /** The session's user and their rentals, or undefined when the session is not open. */
  profile(session: SessionKey, today: string): Promise<string | undefined>;
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

export function createCachedReads(db: Executor, signals: ReadSignals): CachedReads {
  const cars = signals.all ?? signals.cars;
  const bookedRanges = createReadCache<number, string>(cars, MAX_CARS);
  // By token: whether it still opens a session is part of the answer. A revocation is a write, so it ends the entry.
  const profiles = createReadCache<string, string | undefined>(signals.all, MAX_PROFILES);
  const searches = createReadCache<string, string>(cars, MAX_SEARCHES);
  return {
    bookedRanges: (vehicleId, today) =>
      bookedRanges.read(vehicleId, today, () => listBookedRanges(db, vehicleId, today).then(toJson)),
    profile: (session, today) =>
      profiles.read(session.tokenId, today, () => findProfile(db, session, today).then(profileJson)),
    search: (filter, today) =>
      searches.read(searchKey(filter), today, () =>
        searchVehicleRows(db, filter).then((rows) => toJson(rows.map(toVehicle))),
      ),
  };
}
