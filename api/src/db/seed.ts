import type { Kysely } from 'kysely';
import { FLEET_SEED } from './fleet-seed';
import type { Database, NewVehicle } from './schema';

/** Inserts the cars that are missing and leaves every existing row alone, so restarts never reset data. */
export async function seedFleet(db: Kysely<Database>): Promise<void> {
  const rows: NewVehicle[] = FLEET_SEED.map(({ _id, availability, ...facts }) => ({
    ...facts,
    slug: _id,
    status: availability ? 'in_service' : 'out_of_service',
    // Until an operator sets the real one (the fleet-operations migration gives existing cars the same).
    license_plate: `SEED${facts.id}`,
  }));
  await db
    .insertInto('vehicles')
    .values(rows)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}
