import type { BusinessSettings } from '@rentora/shared/operator';
import type { CancellationPolicy } from '@rentora/shared/payments';
import { sql } from 'kysely';
import type { Engine } from '../db/connect';
import { precompiled } from '../db/precompiled';
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
  'credit_note_prefix',
  'max_km_per_day',
  'online_payment',
  'payment_hold_minutes',
  'cancellation_policy',
] as const;

type SettingsRow = Awaited<ReturnType<typeof settingsRows>>[number];

const settingsRows = precompiled((db: Executor) =>
  db.selectFrom('business_settings').select(COLUMNS).where('id', '=', 1),
);

const toSettings = ({
  gst_rate_basis_points: basisPoints,
  prices_include_tax: included,
  cancellation_policy: policy,
  ...row
}: SettingsRow): BusinessSettings => ({
  ...row,
  gst_rate: basisPoints / 100,
  prices_include_tax: included === 1,
  cancellation_policy: JSON.parse(policy) as CancellationPolicy,
});

/**
 * The business's settings: the one row the money migration wrote, with its defaults until an admin
 * saves (read by every quote and booking: precompiled).
 */
export async function readSettings(db: Executor): Promise<BusinessSettings> {
  const [row] = await settingsRows(db);
  if (row === undefined) throw new Error('business_settings has no row: the money migration did not run');
  return toSettings(row);
}

/** The settings, locked until commit on PostgreSQL (SQLite's one writer needs no lock), for a change. */
export async function readSettingsForUpdate(db: Executor, engine: Engine): Promise<BusinessSettings> {
  let query = db.selectFrom('business_settings').select(COLUMNS).where('id', '=', 1);
  if (engine === 'postgres') query = query.forUpdate();
  return toSettings(await query.executeTakeFirstOrThrow());
}

export async function writeSettings(db: Executor, settings: BusinessSettings): Promise<void> {
  const { gst_rate: rate, prices_include_tax: included, cancellation_policy: policy, ...rest } = settings;
  await db
    .updateTable('business_settings')
    .set({
      ...rest,
      cancellation_policy: JSON.stringify(policy),
      // Hundredths of a percent, whole: 18.5 → 1850; rounding drops the binary fraction a product may carry.
      gst_rate_basis_points: Math.round(rate * 100),
      prices_include_tax: included ? 1 : 0,
      updated_at: sql<string>`CURRENT_TIMESTAMP`,
    })
    .where('id', '=', 1)
    .execute();
}
