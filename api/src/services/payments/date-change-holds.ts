import type { BookedRange } from '@rentora/shared';
import { sql } from 'kysely';
import type { StoredQuote } from '../../money/stored-quote';
import type { Executor } from '../../repositories/executor';
import { HOLDING_STAGES } from '../../repositories/vehicles';

/**
 * A change of dates that costs more waits for its payment (docs/decisions/0031-payments.md). The
 * rental keeps its dates meanwhile; the days the new range adds are held by blocks of the car
 * ('other', noted as a hold), which the database guards against any other rental or block as it
 * guards every block. Paid, the blocks go and the rental moves to its new range in one
 * transaction; lapsed, the blocks go.
 */
export interface DateChange extends BookedRange {
  days: number;
  total_price: number;
  quote: StoredQuote;
  held_block_ids: number[];
  /**
   * The rental's dates when the change was asked. A payment arriving after its hold ended, once
   * the rental has moved since (another change), goes back: the change was priced from these.
   */
  from?: BookedRange;
}

export const changeOf = (payment: { change_request: string | null }): DateChange | undefined =>
  payment.change_request === null ? undefined : (JSON.parse(payment.change_request) as DateChange);

async function dropBlocks(trx: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await trx.deleteFrom('vehicle_blocks').where('id', 'in', ids).execute();
}

export async function releaseChangeHolds(trx: Executor, payment: { change_request: string | null }): Promise<void> {
  await dropBlocks(trx, changeOf(payment)?.held_block_ids ?? []);
}

/** Whether another rental holding the car, or a block, overlaps `range`: the rental itself left out. */
export async function rangeTakenByOthers(
  trx: Executor,
  vehicleId: number,
  rentalId: number,
  range: BookedRange,
): Promise<boolean> {
  const rental = await trx
    .selectFrom('rentals')
    .select('id')
    .where('vehicle_id', '=', vehicleId)
    .where('id', '!=', rentalId)
    .where('stage', 'in', HOLDING_STAGES)
    .where('pick_up_date', '<=', range.drop_off_date)
    .where('drop_off_date', '>=', range.pick_up_date)
    .executeTakeFirst();
  if (rental !== undefined) return true;
  const block = await trx
    .selectFrom('vehicle_blocks')
    .select('id')
    .where('vehicle_id', '=', vehicleId)
    .where('start_date', '<=', range.drop_off_date)
    .where('end_date', '>=', range.pick_up_date)
    .executeTakeFirst();
  return block !== undefined;
}

async function stillAt(trx: Executor, rentalId: number, range: BookedRange): Promise<boolean> {
  const rental = await trx
    .selectFrom('rentals')
    .select(['pick_up_date', 'drop_off_date'])
    .where('id', '=', rentalId)
    .executeTakeFirstOrThrow();
  return rental.pick_up_date === range.pick_up_date && rental.drop_off_date === range.drop_off_date;
}

/** Moves a rental to new dates at a new price, in the caller's transaction. */
export async function moveRental(
  trx: Executor,
  rentalId: number,
  change: Omit<DateChange, 'held_block_ids' | 'from'>,
): Promise<void> {
  await trx
    .updateTable('rentals')
    .set({
      pick_up_date: change.pick_up_date,
      drop_off_date: change.drop_off_date,
      days: change.days,
      total_price: change.total_price,
      quote: JSON.stringify(change.quote),
      updated_at: sql<string>`CURRENT_TIMESTAMP`,
    })
    .where('id', '=', rentalId)
    .execute();
}

/**
 * A change's payment captured: its held days are let go and the rental moves to its new range,
 * under the car's lock; false (and nothing moved) when the range was taken meanwhile (its holds
 * removed by staff, say), so the payment goes back.
 */
export async function applyDateChange(
  trx: Executor,
  payment: { rental_id: number; vehicle_id: number; stage: string; change_request: string | null },
): Promise<boolean> {
  const change = changeOf(payment);
  if (change === undefined) return false;
  await dropBlocks(trx, change.held_block_ids);
  if (payment.stage !== 'confirmed' && payment.stage !== 'picked_up') return false;
  if (change.from !== undefined && !(await stillAt(trx, payment.rental_id, change.from))) return false;
  if (await rangeTakenByOthers(trx, payment.vehicle_id, payment.rental_id, change)) return false;
  await moveRental(trx, payment.rental_id, change);
  return true;
}
