import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no app code, so later changes to the app never rewrite history.

/**
 * Money (docs/decisions/0024-money.md):
 * - a car's pricing rules: `date_prices` and `length_discounts` as JSON lists (always read and
 *   written whole, with the car), `deposit`, `km_per_day`, `extra_km_price`, each none by default;
 * - `rentals.quote`: what the rental was quoted and booked at, JSON, never changed afterwards
 *   (null for rentals booked before quotes: they cost days × price, no tax, no deposit);
 * - `rental_handovers`: the odometer and deposit at pick-up, the odometer, time and tank at return;
 * - `add_ons`, and `business_settings` (one row, whose defaults keep every price as it was);
 * - `invoices`, numbered per financial year from `invoice_serials`.
 * Booleans are 0/1 integers on both engines, so one set of queries reads them alike.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design (Kysely docs). */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = postgres ? 'serial primary key' : 'integer primary key';
  const money = postgres ? 'bigint' : 'integer';
  const date = postgres ? 'date' : 'text';
  const timestamp = postgres ? 'timestamptz' : 'text';
  const statements = [
    `alter table vehicles add column date_prices text not null default '[]'`,
    `alter table vehicles add column length_discounts text not null default '[]'`,
    `alter table vehicles add column deposit ${money} not null default 0 check (deposit >= 0)`,
    'alter table vehicles add column km_per_day integer not null default 0 check (km_per_day >= 0)',
    'alter table vehicles add column extra_km_price integer not null default 0 check (extra_km_price >= 0)',

    'alter table rentals add column quote text',

    `create table rental_handovers (
      rental_id integer primary key references rentals (id) on delete cascade,
      pick_up_odometer integer check (pick_up_odometer >= 0),
      deposit_method text check (deposit_method in ('cash', 'upi', 'card')),
      deposit_reference text not null default '',
      return_odometer integer check (return_odometer >= 0),
      returned_at ${timestamp},
      tank_full integer check (tank_full in (0, 1))
    )`,

    `create table add_ons (
      id ${serial},
      label text not null,
      price ${money} not null check (price > 0),
      per text not null check (per in ('day', 'rental')),
      offered integer not null default 1 check (offered in (0, 1)),
      created_at ${timestamp} not null default CURRENT_TIMESTAMP,
      updated_at ${timestamp} not null default CURRENT_TIMESTAMP
    )`,

    `create table business_settings (
      id integer primary key check (id = 1),
      legal_name text not null,
      address text not null default '',
      gstin text not null default '',
      state_code text not null default '',
      gst_rate_basis_points integer not null default 0 check (gst_rate_basis_points between 0 and 10000),
      sac text not null default '',
      prices_include_tax integer not null default 1 check (prices_include_tax in (0, 1)),
      invoice_prefix text not null default 'RNT',
      late_fee_per_hour integer not null default 0 check (late_fee_per_hour >= 0),
      refuel_fee integer not null default 0 check (refuel_fee >= 0),
      updated_at ${timestamp} not null default CURRENT_TIMESTAMP
    )`,
    `insert into business_settings (id, legal_name) values (1, 'Rentora')`,

    `create table invoice_serials (
      financial_year text primary key,
      last_serial integer not null check (last_serial > 0)
    )`,
    `create table invoices (
      id ${serial},
      rental_id integer not null unique references rentals (id) on delete cascade,
      financial_year text not null,
      serial integer not null,
      number text not null unique check (length(number) <= 16),
      issued_on ${date} not null,
      body text not null,
      created_at ${timestamp} not null default CURRENT_TIMESTAMP,
      constraint invoices_serial_in_year unique (financial_year, serial)
    )`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['invoices', 'invoice_serials', 'business_settings', 'add_ons', 'rental_handovers']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('rentals').dropColumn('quote').execute();
  for (const column of ['extra_km_price', 'km_per_day', 'deposit', 'length_discounts', 'date_prices']) {
    await db.schema.alterTable('vehicles').dropColumn(column).execute();
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */
