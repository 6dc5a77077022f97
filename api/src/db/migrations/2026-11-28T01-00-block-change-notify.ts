import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no app code, so later changes to the app never rewrite history.

/**
 * A car's maintenance blocks are booked days to the public: on PostgreSQL each committed change
 * to them notifies `rentora_vehicle_changes` with the car's public id, as rentals already do
 * (2026-11-27T01-00-vehicle-change-notify), so every API instance hears of a block at its commit.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design (Kysely docs). */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create trigger vehicle_blocks_notify_vehicle_change after insert or update or delete on vehicle_blocks
    for each row execute function rentora_notify_vehicle_change_by_id()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop trigger vehicle_blocks_notify_vehicle_change on vehicle_blocks`.execute(db);
}
