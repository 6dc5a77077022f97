import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as initial from './migrations/2026-01-10T00-00-initial';
import * as moneyBigint from './migrations/2026-11-26T00-00-money-bigint';
import * as idempotencyExpiry from './migrations/2026-11-26T00-01-idempotency-expiry';
import type { Database } from './schema';

// A static list instead of a folder scan, so bundled builds carry their migrations with them.
const migrations: Record<string, Migration> = {
  '2026-01-10T00-00-initial': initial,
  '2026-11-26T00-00-money-bigint': moneyBigint,
  '2026-11-26T00-01-idempotency-expiry': idempotencyExpiry,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed`, { cause: error });
  }
}
