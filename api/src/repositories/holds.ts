import { sql } from 'kysely';
import type { Engine } from '../db/connect';
import { storedTimestamp } from '../db/timestamps';
import type { Executor } from './executor';

/**
 * A rental awaiting its online payment is `confirmed` with `hold_expires_at` set: the database's
 * guards hold its dates as any rental's, until it is paid (the hold is cleared) or lapses
 * (cancelled). These are the hold's writes, each in its caller's transaction.
 */

export const LAPSED_REASON = 'Not paid within its hold: its dates were let go.';

/** The rental is paid: it holds its dates as any confirmed rental, for good. */
export async function releaseHold(db: Executor, rentalId: number): Promise<void> {
  await db
    .updateTable('rentals')
    .set({ hold_expires_at: null, updated_at: sql<string>`CURRENT_TIMESTAMP` })
    .where('id', '=', rentalId)
    .execute();
}

/**
 * Cancels a rental whose hold has lapsed unpaid, with its history entry; false when it is no
 * longer awaiting payment (paid, or moved on, meanwhile).
 */
export async function lapseHold(db: Executor, rentalId: number): Promise<boolean> {
  const result = await db
    .updateTable('rentals')
    .set({ stage: 'cancelled', hold_expires_at: null, updated_at: sql<string>`CURRENT_TIMESTAMP` })
    .where('id', '=', rentalId)
    .where('stage', '=', 'confirmed')
    .where('hold_expires_at', 'is not', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await db
    .insertInto('rental_stage_changes')
    .values({
      rental_id: rentalId,
      from_stage: 'confirmed',
      to_stage: 'cancelled',
      changed_by: 'payments',
      reason: LAPSED_REASON,
    })
    .execute();
  return true;
}

/** The car's rentals whose hold ended before `now` (epoch ms), still awaiting payment. */
export async function listLapsedHolds(db: Executor, engine: Engine, vehicleId: number, now: number): Promise<number[]> {
  const rows = await db
    .selectFrom('rentals')
    .select('id')
    .where('vehicle_id', '=', vehicleId)
    .where('stage', '=', 'confirmed')
    .where('hold_expires_at', '<', storedTimestamp(engine, now))
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Confirms again a rental that lapsed and was paid after all, while its dates are still free;
 * the database refuses it (an overlap violation) when they were taken meanwhile.
 */
export async function reviveLapsedRental(db: Executor, rentalId: number): Promise<boolean> {
  const result = await db
    .updateTable('rentals')
    .set({ stage: 'confirmed', hold_expires_at: null, updated_at: sql<string>`CURRENT_TIMESTAMP` })
    .where('id', '=', rentalId)
    .where('stage', '=', 'cancelled')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await db
    .insertInto('rental_stage_changes')
    .values({
      rental_id: rentalId,
      from_stage: 'cancelled',
      to_stage: 'confirmed',
      changed_by: 'payments',
      reason: 'Paid after its hold lapsed, while its dates were still free.',
    })
    .execute();
  return true;
}
