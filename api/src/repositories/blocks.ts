import type { Block, BlockReason } from '@rentora/shared/operator';
import { isoTimestamp } from '../db/timestamps';
import type { Executor } from './executor';
import { HOLDING_STAGES } from './vehicles';

type BlockRow = Omit<Block, 'created_at'> & { created_at: string };
const toBlock = (row: BlockRow): Block => ({ ...row, created_at: isoTimestamp(row.created_at) });

const BLOCK_COLUMNS = ['id', 'start_date', 'end_date', 'reason', 'note', 'created_at', 'created_by'] as const;

/** The car's blocks that have not ended before `today`, earliest first. */
export async function listBlocks(db: Executor, vehicleId: number, today: string): Promise<Block[]> {
  const rows = await db
    .selectFrom('vehicle_blocks')
    .select(BLOCK_COLUMNS)
    .where('vehicle_id', '=', vehicleId)
    .where('end_date', '>=', today)
    .orderBy('start_date')
    .execute();
  return rows.map(toBlock);
}

export async function findBlock(db: Executor, vehicleId: number, blockId: number): Promise<Block | undefined> {
  const row = await db
    .selectFrom('vehicle_blocks')
    .select(BLOCK_COLUMNS)
    .where('vehicle_id', '=', vehicleId)
    .where('id', '=', blockId)
    .executeTakeFirst();
  return row === undefined ? undefined : toBlock(row);
}

export async function insertBlock(
  db: Executor,
  block: {
    vehicle_id: number;
    start_date: string;
    end_date: string;
    reason: BlockReason;
    note: string;
    created_by: string;
  },
): Promise<Block> {
  const row = await db.insertInto('vehicle_blocks').values(block).returning(BLOCK_COLUMNS).executeTakeFirstOrThrow();
  return toBlock(row);
}

export async function deleteBlock(db: Executor, blockId: number): Promise<void> {
  await db.deleteFrom('vehicle_blocks').where('id', '=', blockId).execute();
}

export interface Clash {
  /** The rental's id, or undefined for another block. */
  rentalId?: number;
  start_date: string;
  end_date: string;
}

/** The first rental holding the car, or else block, over any day of `start..end`. */
export async function findBlockClash(
  db: Executor,
  vehicleId: number,
  start: string,
  end: string,
): Promise<Clash | undefined> {
  const rental = await db
    .selectFrom('rentals')
    .select(['id', 'pick_up_date', 'drop_off_date'])
    .where('vehicle_id', '=', vehicleId)
    .where('stage', 'in', HOLDING_STAGES)
    .where('pick_up_date', '<=', end)
    .where('drop_off_date', '>=', start)
    .orderBy('pick_up_date')
    .executeTakeFirst();
  if (rental !== undefined) {
    return { rentalId: rental.id, start_date: rental.pick_up_date, end_date: rental.drop_off_date };
  }
  return db
    .selectFrom('vehicle_blocks')
    .select(['start_date', 'end_date'])
    .where('vehicle_id', '=', vehicleId)
    .where('start_date', '<=', end)
    .where('end_date', '>=', start)
    .orderBy('start_date')
    .executeTakeFirst();
}
