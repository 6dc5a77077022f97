import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as initial from './migrations/2026-01-10T00-00-initial';
import * as moneyBigint from './migrations/2026-11-26T00-00-money-bigint';
import * as idempotencyExpiry from './migrations/2026-11-26T00-01-idempotency-expiry';
import * as sessions from './migrations/2026-11-27T00-00-sessions';
import * as vehicleChangeNotify from './migrations/2026-11-27T01-00-vehicle-change-notify';
import * as rolesAndAudit from './migrations/2026-11-28T00-00-roles-and-audit';
import * as fleetOperations from './migrations/2026-11-28T00-01-fleet-operations';
import * as bookingsByStageAndCar from './migrations/2026-11-28T00-02-bookings-by-stage-and-car';
import * as blockChangeNotify from './migrations/2026-11-28T01-00-block-change-notify';
import * as money from './migrations/2026-12-01T00-00-money';
import * as creditNotes from './migrations/2026-12-07T00-00-credit-notes';
import * as payments from './migrations/2026-12-07T01-00-payments';
import type { Database } from './schema';

// A static list instead of a folder scan, so bundled builds carry their migrations with them.
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '2026-01-10T00-00-initial': initial,
  '2026-11-26T00-00-money-bigint': moneyBigint,
  '2026-11-26T00-01-idempotency-expiry': idempotencyExpiry,
  '2026-11-27T00-00-sessions': sessions,
  '2026-11-27T01-00-vehicle-change-notify': vehicleChangeNotify,
  '2026-11-28T00-00-roles-and-audit': rolesAndAudit,
  '2026-11-28T00-01-fleet-operations': fleetOperations,
  '2026-11-28T00-02-bookings-by-stage-and-car': bookingsByStageAndCar,
  '2026-11-28T01-00-block-change-notify': blockChangeNotify,
  '2026-12-01T00-00-money': money,
  '2026-12-07T00-00-credit-notes': creditNotes,
  '2026-12-07T01-00-payments': payments,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed`, { cause: error });
  }
}
