import type { Kysely } from 'kysely';

// Frozen in time: this file imports no app code, so later changes to the app never rewrite history.

/** Idempotency keys expire; pruning the old ones by age needs an index on their age. */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design (Kysely docs). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idempotency_keys_created_at').execute();
}
