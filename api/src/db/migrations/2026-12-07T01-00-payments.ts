import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no app code, so later changes to the app never rewrite history.

/**
 * Payments (docs/decisions/0031-payments.md):
 * - `rentals.hold_expires_at`: set while a rental awaits its online payment, which holds its
 *   dates until then (it stays `confirmed`, so the database's guards against double bookings
 *   hold it as they hold any rental); cleared once paid;
 * - `payments`: every charge and refund of a rental, online (a gateway order, its payment, its
 *   refunds) or at the desk (cash, UPI, card, with a reference);
 * - `gateway_events`: each webhook event's id once, so a repeat changes nothing;
 * - `idempotency_keys.answer`: a whole answer as JSON, for the calls whose answers are more than a message;
 * - the settings: online payment (off by default), the hold, and the cancellation policy
 *   (by default a full refund until pick-up, as before).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design (Kysely docs). */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = postgres ? 'serial primary key' : 'integer primary key';
  const money = postgres ? 'bigint' : 'integer';
  const timestamp = postgres ? 'timestamptz' : 'text';
  const statements = [
    `alter table rentals add column hold_expires_at ${timestamp}`,
    `create table payments (
      id ${serial},
      rental_id integer not null references rentals (id) on delete cascade,
      kind text not null check (kind in ('charge', 'refund')),
      purpose text not null check (purpose in ('booking', 'change', 'desk', 'cancellation', 'lapse', 'deposit')),
      method text not null check (method in ('online', 'cash', 'upi', 'card')),
      amount_paise ${money} not null check (amount_paise > 0),
      status text not null check (status in ('pending', 'captured', 'lapsed', 'processed', 'failed')),
      order_id text unique,
      gateway_payment_id text,
      refund_id text unique,
      idempotency_key text unique,
      reference text not null default '',
      expires_at ${timestamp},
      change_request text,
      recorded_by text not null default '',
      created_at ${timestamp} not null default CURRENT_TIMESTAMP,
      updated_at ${timestamp} not null default CURRENT_TIMESTAMP
    )`,
    'create index payments_by_rental on payments (rental_id, id)',
    'create index payments_pending on payments (status, expires_at)',
    'create index payments_by_time on payments (created_at)',
    `create table gateway_events (
      event_id text primary key,
      event text not null,
      received_at ${timestamp} not null default CURRENT_TIMESTAMP
    )`,
    'alter table idempotency_keys add column answer text',
    `alter table business_settings add column online_payment text not null default 'off'
      check (online_payment in ('off', 'total', 'total_and_deposit'))`,
    `alter table business_settings add column payment_hold_minutes integer not null default 15
      check (payment_hold_minutes between 5 and 60)`,
    `alter table business_settings add column cancellation_policy text not null default
      '{"free_minutes_after_booking":60,"tiers":[{"hours_before":0,"refund_percent":100}]}'`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gateway_events').execute();
  await db.schema.dropTable('payments').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('answer').execute();
  await db.schema.alterTable('rentals').dropColumn('hold_expires_at').execute();
  for (const column of ['cancellation_policy', 'payment_hold_minutes', 'online_payment']) {
    await db.schema.alterTable('business_settings').dropColumn(column).execute();
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */
