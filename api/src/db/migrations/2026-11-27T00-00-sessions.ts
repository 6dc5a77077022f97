import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no app code, so later changes to the app never rewrite history.

/**
 * Sessions that end on the server:
 * - `users.token_version`: "log out everywhere" moves it on, and a token carries the version it
 *   was issued at;
 * - `revoked_tokens`: the ids of single tokens logged out before they expire;
 * - user ids are never reused, so a token can never name someone else's account: PostgreSQL's
 *   serial never hands out a value twice, and SQLite's `users` gets AUTOINCREMENT.
 *
 * SQLite cannot add AUTOINCREMENT to a table, and renaming or dropping `users` while foreign keys
 * are on (they cannot be turned off inside the migration's transaction) would rewrite or cascade
 * into its children. So the family is rebuilt: new `users`, `rentals` and `idempotency_keys`
 * pointing at each other, the old ones dropped children first, the new ones renamed into place.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design (Kysely docs). */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`alter table users add column token_version integer not null default 0`.execute(db);
  } else {
    await rebuildSqliteUsersWithAutoincrement(db);
  }
  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', postgres ? 'timestamptz' : 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('revoked_tokens_expires_at').on('revoked_tokens').column('expires_at').execute();
}

async function rebuildSqliteUsersWithAutoincrement(db: Kysely<any>): Promise<void> {
  const statements = [
    `create table users_next (
      id integer primary key autoincrement,
      name text not null,
      email text not null,
      password_hash text not null,
      avatar text not null,
      created_at text not null default CURRENT_TIMESTAMP,
      token_version integer not null default 0
    )`,
    `insert into users_next (id, name, email, password_hash, avatar, created_at)
      select id, name, email, password_hash, avatar, created_at from users`,
    `create table rentals_next (
      id integer primary key,
      user_id integer not null references users_next (id) on delete cascade,
      vehicle_id integer not null references vehicles (id),
      name text not null,
      age integer not null,
      email text not null,
      phone_no text not null,
      address text not null,
      pincode text not null,
      pick_up_date text not null,
      drop_off_date text not null,
      days integer not null check (days > 0),
      total_price integer not null check (total_price > 0),
      status text not null check (status in ('active', 'cancelled')),
      created_at text not null default CURRENT_TIMESTAMP,
      updated_at text not null default CURRENT_TIMESTAMP,
      constraint rentals_dates_in_order check (drop_off_date >= pick_up_date)
    )`,
    `insert into rentals_next (
      id, user_id, vehicle_id, name, age, email, phone_no, address, pincode, pick_up_date, drop_off_date,
      days, total_price, status, created_at, updated_at
    ) select
      id, user_id, vehicle_id, name, age, email, phone_no, address, pincode, pick_up_date, drop_off_date,
      days, total_price, status, created_at, updated_at
      from rentals`,
    `create table idempotency_keys_next (
      user_id integer not null references users_next (id) on delete cascade,
      key text not null,
      fingerprint text not null,
      status_code integer not null,
      body text not null,
      created_at text not null default CURRENT_TIMESTAMP,
      constraint idempotency_keys_pk primary key (user_id, key)
    )`,
    `insert into idempotency_keys_next (user_id, key, fingerprint, status_code, body, created_at)
      select user_id, key, fingerprint, status_code, body, created_at
      from idempotency_keys`,
    // Children first: once nothing points at the old users, dropping it cascades into nothing.
    'drop table idempotency_keys',
    'drop table rentals',
    'drop table users',
    // With foreign keys on, a rename also rewrites the children's references to the new name.
    'alter table users_next rename to users',
    'alter table rentals_next rename to rentals',
    'alter table idempotency_keys_next rename to idempotency_keys',
    'create unique index users_email_lower on users (lower(email))',
    'create index rentals_user on rentals (user_id, vehicle_id)',
    'create index rentals_vehicle_dates on rentals (vehicle_id, drop_off_date)',
    'create index idempotency_keys_created_at on idempotency_keys (created_at)',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);

  const overlapping = (self: string) => `
    new.status <> 'cancelled' and exists (
      select 1 from rentals r
      where r.vehicle_id = new.vehicle_id and r.status <> 'cancelled' ${self}
        and r.pick_up_date <= new.drop_off_date and r.drop_off_date >= new.pick_up_date
    )`;
  await sql
    .raw(
      `create trigger rentals_no_overlap_insert before insert on rentals
      when ${overlapping('')}
      begin select raise(abort, 'rentals_no_overlap'); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger rentals_no_overlap_update before update of status, pick_up_date, drop_off_date, vehicle_id on rentals
      when ${overlapping('and r.id <> new.id')}
      begin select raise(abort, 'rentals_no_overlap'); end`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('revoked_tokens').execute();
  // SQLite keeps AUTOINCREMENT and the column: dropping a column would mean rebuilding the family again.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table users drop column token_version`.execute(db);
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */
