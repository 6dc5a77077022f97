import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no app code, so later changes to the app never rewrite history.

/**
 * Money as bigint: a PostgreSQL `integer` of rupees overflows at about ₹2.1 billion, which a long
 * rental of a dear car once reached (a 500). SQLite's integers are 64-bit already. The pg int8
 * parser of db/connect.ts still hands the app numbers.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design (Kysely docs). */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table rentals alter column total_price type bigint`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table rentals alter column total_price type integer`.execute(db);
}
