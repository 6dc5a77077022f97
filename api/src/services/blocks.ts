import type { Block, NewBlock } from '@rentora/shared/operator';
import { formatDisplayDate } from '@rentora/shared/format';
import { checkBlockDates } from '@rentora/shared/rules';
import { runInTransaction } from '../db/transaction';
import { isBlockOverlapViolation } from '../db/violations';
import { ApiError, vehicleNotFound } from '../errors';
import { recordAudit } from '../repositories/audit';
import { type Clash, deleteBlock, findBlock, findBlockClash, insertBlock, listBlocks } from '../repositories/blocks';
import { findVehicleForUpdate } from '../repositories/operator-vehicles';
import { findVehicle, lockVehicle } from '../repositories/vehicles';
import type { OperatorContext } from './fleet-operations';

export const NO_SUCH_BLOCK = 'This car has no such block.';
export const RETIRED_CANNOT_BE_BLOCKED = 'This car is retired: it cannot be blocked.';

export function blockClashMessage(clash: Clash): string {
  const dates = `${formatDisplayDate(clash.start_date)} to ${formatDisplayDate(clash.end_date)}`;
  return clash.rentalId === undefined
    ? `These days overlap another block, from ${dates}.`
    : `These days overlap rental #${clash.rentalId}, from ${dates}.`;
}

export async function blocksOf(context: OperatorContext, slug: string): Promise<Block[]> {
  const vehicle = await findVehicle(context.db, slug);
  if (vehicle === undefined) throw vehicleNotFound();
  return listBlocks(context.db, vehicle.id, context.today());
}

/**
 * Keeps a car off the road for some days. Checked first for a clear message; the database
 * refuses an overlap anyway (migration 2026-11-28T00-01), so a booking racing this block for the
 * same days loses to it, or wins and this gets the 409.
 */
export async function addBlock(context: OperatorContext, actor: string, slug: string, input: NewBlock): Promise<Block> {
  const problem = checkBlockDates(input.start_date, input.end_date, context.today());
  if (problem !== undefined) throw new ApiError(400, problem);
  const vehicle = await findVehicle(context.db, slug);
  if (vehicle === undefined) throw vehicleNotFound();
  if (vehicle.status === 'retired') throw new ApiError(409, RETIRED_CANNOT_BE_BLOCKED);
  const vehicleId = vehicle.id;
  try {
    return await runInTransaction(context.db, async (trx) => {
      // The same lock a booking of this car takes: the two are checked one after the other.
      await lockVehicle(trx, context.engine, vehicleId);
      const clash = await findBlockClash(trx, vehicleId, input.start_date, input.end_date);
      if (clash !== undefined) throw new ApiError(409, blockClashMessage(clash));
      const block = await insertBlock(trx, {
        vehicle_id: vehicleId,
        start_date: input.start_date,
        end_date: input.end_date,
        reason: input.reason,
        note: input.note?.trim() ?? '',
        created_by: actor,
      });
      await recordAudit(trx, { actor, action: 'block.added', subject: `vehicle:${slug}`, before: null, after: block });
      return block;
    });
  } catch (error) {
    if (!isBlockOverlapViolation(error)) throw error;
    const clash = await findBlockClash(context.db, vehicleId, input.start_date, input.end_date);
    throw new ApiError(
      409,
      clash === undefined ? 'These days were just taken. Please try again.' : blockClashMessage(clash),
    );
  }
}

export async function removeBlock(
  context: OperatorContext,
  actor: string,
  slug: string,
  blockId: number,
): Promise<void> {
  await runInTransaction(context.db, async (trx) => {
    const vehicle = await findVehicleForUpdate(trx, context.engine, slug);
    if (vehicle === undefined) throw vehicleNotFound();
    const block = await findBlock(trx, vehicle.id, blockId);
    if (block === undefined) throw new ApiError(404, NO_SUCH_BLOCK);
    await deleteBlock(trx, blockId);
    await recordAudit(trx, { actor, action: 'block.removed', subject: `vehicle:${slug}`, before: block, after: null });
  });
}
