import type { Vehicle } from '@rentora/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type EncodedJson, encodeJson } from '../http/encoded-json';
import { PUBLIC_STATUSES, findVehicle, listVehicleRows, toVehicle } from '../repositories/vehicles';

/** One car of the fleet, with the start of its detail answer already in JSON. */
export interface FleetCar {
  vehicle: Vehicle;
  /** `{"_id":…,"transmission":"…"` without the closing brace: the detail appends `booked` to it. */
  detailHead: string;
}

/** The fleet as last read from the database. */
export interface Fleet {
  /** By id, as `GET /api/vehicles` lists it; a filtered list starts from these. */
  vehicles: readonly Vehicle[];
  /** The body of `GET /api/vehicles`, with its compressed forms and ETags. */
  list: EncodedJson;
  bySlug: ReadonlyMap<string, FleetCar>;
}

export interface FleetCacheOptions {
  /** How long a read of the fleet is served before it is read again (in the background). */
  ttlMs: number;
  /** A re-read, or a changed car's check, failed: the fleet read before keeps being served. */
  onRefreshFailed: (error: unknown) => void;
  now?: () => number;
}

/**
 * The fleet changes only when an operator edits it, yet every page asks for it: read it every
 * few seconds, and encode it only when it changed. Once the first read has succeeded, a request
 * waits for the database here only just after a change: for the changed car's row (one indexed
 * read), or the fleet's read when it changed. Bookings are never cached; they are read live per
 * request.
 */
export interface FleetCache {
  current(): Promise<Fleet>;
  /**
   * A car changed (its availability, say): read the fleet again now, and serve that read to
   * every request from here on, or the fleet before it if the read fails.
   */
  invalidate(): void;
  /**
   * A car's row may have changed (on another instance, say): every request from here on waits
   * until the car is read, and gets the fleet read again if the car differs from the one served.
   */
  carChanged(vehicleId: string): void;
}

async function readFleet(db: Kysely<Database>, previous: Fleet | undefined): Promise<Fleet> {
  const vehicles = (await listVehicleRows(db)).map(toVehicle);
  const json = Buffer.from(JSON.stringify(vehicles));
  if (previous !== undefined && previous.list.bodies.identity.equals(json)) return previous;
  return {
    vehicles,
    list: await encodeJson(json),
    bySlug: new Map(
      vehicles.map((vehicle) => [vehicle._id, { vehicle, detailHead: JSON.stringify(vehicle).slice(0, -1) }]),
    ),
  };
}

/** Beyond this many changed cars (every car, after a lost connection), one read of the fleet is cheaper. */
const MAX_CARS_CHECKED = 8;

/** The car as the fleet would list it, or undefined when it is not listed (a draft, retired, gone). */
async function readListedCar(db: Kysely<Database>, vehicleId: string): Promise<Vehicle | undefined> {
  const row = await findVehicle(db, vehicleId);
  const listed = row !== undefined && (PUBLIC_STATUSES as readonly string[]).includes(row.status);
  return listed ? toVehicle(row) : undefined;
}

async function sameCars(db: Kysely<Database>, fleet: Fleet, vehicleIds: ReadonlySet<string>): Promise<boolean> {
  const ids = [...vehicleIds];
  const now = await Promise.all(ids.map((id) => readListedCar(db, id)));
  return ids.every((id, at) => JSON.stringify(now[at]) === JSON.stringify(fleet.bySlug.get(id)?.vehicle));
}

export function createFleetCache(db: Kysely<Database>, options: FleetCacheOptions): FleetCache {
  const now = options.now ?? Date.now;
  let fleet: Promise<Fleet> | undefined;
  let staleAt = 0;
  let refreshing = false;
  let rereadWaiting = false;
  let carsToCheck: Set<string> | undefined;

  /** From now on every request gets `next`, or `served` if `next` fails. */
  const serveNext = (served: Promise<Fleet>, next: Promise<Fleet>) => {
    const chained = next.catch(async (error: unknown) => {
      // When `served` failed too (the first read), it is its failure that every request gets, and no fleet is kept.
      const previous = await served;
      options.onRefreshFailed(error);
      return previous;
    });
    fleet = chained;
    // Only when no fleet was ever read (served failed too): the next request tries again.
    chained.catch(() => {
      if (fleet === chained) fleet = undefined;
    });
  };

  const firstRead = () => {
    staleAt = now() + options.ttlMs;
    const reading = readFleet(db, undefined);
    fleet = reading;
    // A failed first read must not stick: the next request tries again.
    reading.catch(() => {
      if (fleet === reading) fleet = undefined;
    });
    return reading;
  };

  const refreshInBackground = (served: Promise<Fleet>) => {
    refreshing = true;
    staleAt = now() + options.ttlMs;
    served
      .then((previous) => readFleet(db, previous))
      .then(
        (next) => {
          // An invalidation meanwhile started a newer read: this one may predate the change.
          if (fleet === served) fleet = Promise.resolve(next);
        },
        (error: unknown) => options.onRefreshFailed(error),
      )
      .finally(() => {
        refreshing = false;
      });
  };

  return {
    current: () => {
      if (fleet === undefined) return firstRead();
      if (!refreshing && now() >= staleAt) refreshInBackground(fleet);
      return fleet;
    },
    invalidate: () => {
      const served = fleet;
      // A read that has not started yet will see this change too: a burst of bookings costs one.
      if (served === undefined || rereadWaiting) return;
      rereadWaiting = true;
      staleAt = now() + options.ttlMs;
      serveNext(
        served,
        served
          .finally(() => {
            rereadWaiting = false;
          })
          .then((previous) => readFleet(db, previous)),
      );
    },
    carChanged: (vehicleId) => {
      const served = fleet;
      if (served === undefined || rereadWaiting) return;
      // A check that has not started yet takes this car along: a burst of bookings costs one.
      if (carsToCheck !== undefined) {
        carsToCheck.add(vehicleId);
        return;
      }
      const cars = new Set([vehicleId]);
      carsToCheck = cars;
      serveNext(
        served,
        served
          .finally(() => {
            carsToCheck = undefined;
          })
          .then(async (previous) =>
            cars.size <= MAX_CARS_CHECKED && (await sameCars(db, previous, cars)) ? previous : readFleet(db, previous),
          ),
      );
    },
  };
}
