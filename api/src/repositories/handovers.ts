import type { DepositMethod } from '@rentora/shared/operator';
import type { Executor } from './executor';

export interface PickUpRecord {
  odometer: number | null;
  depositMethod: DepositMethod | null;
  depositReference: string;
}

export interface ReturnRecord {
  odometer: number | null;
  /** As the engine stores timestamps (`storedTimestamp`). */
  returnedAt: string;
  tankFull: boolean | null;
}

/** What the desk recorded at a rental's pick-up, or nothing when it recorded nothing. */
export async function findPickUp(db: Executor, rentalId: number): Promise<PickUpRecord | undefined> {
  const row = await db
    .selectFrom('rental_handovers')
    .select(['pick_up_odometer', 'deposit_method', 'deposit_reference'])
    .where('rental_id', '=', rentalId)
    .executeTakeFirst();
  return (
    row && {
      odometer: row.pick_up_odometer,
      depositMethod: row.deposit_method,
      depositReference: row.deposit_reference,
    }
  );
}

export async function recordPickUp(db: Executor, rentalId: number, record: PickUpRecord): Promise<void> {
  await db
    .insertInto('rental_handovers')
    .values({
      rental_id: rentalId,
      pick_up_odometer: record.odometer,
      deposit_method: record.depositMethod,
      deposit_reference: record.depositReference,
    })
    .execute();
}

/** When the rental was moved to picked_up, as stored (`isoTimestamp` reads it); undefined before. */
export async function findPickUpTime(db: Executor, rentalId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('rental_stage_changes')
    .select('changed_at')
    .where('rental_id', '=', rentalId)
    .where('to_stage', '=', 'picked_up')
    .executeTakeFirst();
  return row?.changed_at;
}

/** The return, beside the pick-up's row when there is one. */
export async function recordReturn(db: Executor, rentalId: number, record: ReturnRecord): Promise<void> {
  const values = {
    return_odometer: record.odometer,
    returned_at: record.returnedAt,
    tank_full: record.tankFull === null ? null : record.tankFull ? (1 as const) : (0 as const),
  };
  await db
    .insertInto('rental_handovers')
    .values({ rental_id: rentalId, pick_up_odometer: null, deposit_method: null, ...values })
    .onConflict((conflict) => conflict.column('rental_id').doUpdateSet(values))
    .execute();
}
