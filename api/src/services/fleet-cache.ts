import type { Kysely } from 'kysely';
import type { Database, VehicleRow } from '../db/schema';
import { listVehicleRows, toVehicle } from '../repositories/vehicles';

/**
 * The fleet changes only when an operator edits it, yet every page asks for it: keep it, and
 * its JSON, for a few seconds. Bookings are never cached; they are read live per request.
 */
export interface FleetCache {
  /** The whole fleet as the UTF-8 JSON body of `GET /api/vehicles`, encoded once. */
  listJson(): Promise<Buffer>;
  find(slug: string): Promise<VehicleRow | undefined>;
}

export function createFleetCache(db: Kysely<Database>, ttlMs: number, now: () => number = Date.now): FleetCache {
  let cached: Promise<{ json: Buffer; bySlug: Map<string, VehicleRow> }> | undefined;
  let expiresAt = 0;

  const load = async () => {
    const rows = await listVehicleRows(db);
    return {
      json: Buffer.from(JSON.stringify(rows.map(toVehicle))),
      bySlug: new Map(rows.map((row) => [row.slug, row])),
    };
  };

  const current = () => {
    if (cached === undefined || now() >= expiresAt) {
      expiresAt = now() + ttlMs;
      cached = load();
      // A failed load must not stick: the next request tries again.
      cached.catch(() => {
        cached = undefined;
      });
    }
    return cached;
  };

  return {
    listJson: async () => (await current()).json,
    find: async (slug) => (await current()).bySlug.get(slug),
  };
}
