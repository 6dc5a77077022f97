import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no app code, so later changes to the app never rewrite history.

/**
 * The operator side (docs/decisions/0017-operator-side.md):
 * - `users.role`: every account is a customer until an admin says otherwise;
 * - `audit_log`: every operator change, written in the transaction of the change.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design (Kysely docs). */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`
    alter table users add column role text not null default 'customer'
    check (role in ('customer', 'operator', 'admin'))
  `.execute(db);
  // Finding "is there an admin?" and the team page read only the few staff rows.
  await sql`create index users_staff on users (role) where role <> 'customer'`.execute(db);

  await db.schema
    .createTable('audit_log')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', postgres ? 'timestamptz' : 'text', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await sql`drop index users_staff`.execute(db);
  await sql`alter table users drop column role`.execute(db);
}
/* eslint-enable @typescript-eslint/no-explicit-any */
