import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no app code, so later changes to the app never rewrite history.

/**
 * Invoices that can be corrected, and documents rendered once (docs/decisions/0030-credit-notes.md):
 * - `credit_notes` against an invoice, numbered per financial year from `credit_note_serials`,
 *   their total kept beside the body so what is left of an invoice is one sum;
 * - `pdf` on invoices and credit notes: the document's PDF, rendered on its first request and
 *   kept, as the document itself never changes;
 * - two settings: the credit notes' prefix, and the most kilometres a return may record per
 *   rental day (a figure above it is a typing slip, not a drive).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design (Kysely docs). */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = postgres ? 'serial primary key' : 'integer primary key';
  const money = postgres ? 'bigint' : 'integer';
  const date = postgres ? 'date' : 'text';
  const timestamp = postgres ? 'timestamptz' : 'text';
  const bytes = postgres ? 'bytea' : 'blob';
  const statements = [
    `alter table invoices add column pdf ${bytes}`,
    `create table credit_note_serials (
      financial_year text primary key,
      last_serial integer not null check (last_serial > 0)
    )`,
    `create table credit_notes (
      id ${serial},
      invoice_id integer not null references invoices (id) on delete cascade,
      financial_year text not null,
      serial integer not null,
      number text not null unique check (length(number) <= 16),
      issued_on ${date} not null,
      total_paise ${money} not null check (total_paise > 0),
      body text not null,
      pdf ${bytes},
      created_at ${timestamp} not null default CURRENT_TIMESTAMP,
      constraint credit_notes_serial_in_year unique (financial_year, serial)
    )`,
    'create index credit_notes_by_invoice on credit_notes (invoice_id)',
    `alter table business_settings add column credit_note_prefix text not null default 'CN'`,
    'alter table business_settings add column max_km_per_day integer not null default 2000 check (max_km_per_day > 0)',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('credit_notes').execute();
  await db.schema.dropTable('credit_note_serials').execute();
  await db.schema.alterTable('invoices').dropColumn('pdf').execute();
  for (const column of ['max_km_per_day', 'credit_note_prefix']) {
    await db.schema.alterTable('business_settings').dropColumn(column).execute();
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */
