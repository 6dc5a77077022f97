import type { BusinessSettings } from '@rentora/shared/operator';
import { sql } from 'kysely';
import type { Engine } from '../db/connect';
import type { Executor } from './executor';

const COLUMNS = [
  'legal_name',
  'address',
  'gstin',
  'state_code',
  'gst_rate_basis_points',
  'sac',
  'prices_include_tax',
  'invoice_prefix',
  'late_fee_per_hour',
  'refuel_fee',
] as const;

/**
 * The business's settings: the one row the money migration wrote, with its defaults until an admin
 * saves. Locked until commit on PostgreSQL when `forUpdate` (SQLite's one writer needs no lock).
 */
export async function readSettings(db: Executor, engine?: Engine, forUpdate = false): Promise<BusinessSettings> {
  let query = db.selectFrom('business_settings').select(COLUMNS).where('id', '=', 1);
  if (forUpdate && engine === 'postgres') query = query.forUpdate();
  const {
    gst_rate_basis_points: basisPoints,
    prices_include_tax: included,
    ...row
  } = await query.executeTakeFirstOrThrow();
  return { ...row, gst_rate: basisPoints / 100, prices_include_tax: included === 1 };
}

export async function writeSettings(db: Executor, settings: BusinessSettings): Promise<void> {
  const { gst_rate: rate, prices_include_tax: included, ...rest } = settings;
  await db
    .updateTable('business_settings')
    .set({
      ...rest,
      // Hundredths of a percent, whole: 18.5 → 1850; rounding drops the binary fraction a product may carry.
      gst_rate_basis_points: Math.round(rate * 100),
      prices_include_tax: included ? 1 : 0,
      updated_at: sql<string>`CURRENT_TIMESTAMP`,
    })
    .where('id', '=', 1)
    .execute();
}
