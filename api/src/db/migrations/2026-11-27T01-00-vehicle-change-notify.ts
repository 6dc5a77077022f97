import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no app code, so later changes to the app never rewrite history.

/**
 * On PostgreSQL, every committed change to a car's rentals or to the car itself notifies
 * `rentora_vehicle_changes` with the car's public id. NOTIFY is sent at commit and only then, so
 * every API instance hears every change, whoever made it (another instance, an operator's SQL),
 * and none is lost between a commit and a message sent after it. A table that holds other days
 * of a car (by `vehicle_id`) gets the same trigger with `rentora_notify_vehicle_change_by_id()`.
 * SQLite needs none: one process hears its own changes, and its caches read `data_version`.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design (Kysely docs). */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create function rentora_notify_vehicle_change_by_id() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        perform pg_notify('rentora_vehicle_changes', slug) from vehicles where id = old.vehicle_id;
      end if;
      if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.vehicle_id is distinct from old.vehicle_id) then
        perform pg_notify('rentora_vehicle_changes', slug) from vehicles where id = new.vehicle_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function rentora_notify_vehicle_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('rentora_vehicle_changes', case when tg_op = 'DELETE' then old.slug else new.slug end);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger rentals_notify_vehicle_change after insert or update or delete on rentals
    for each row execute function rentora_notify_vehicle_change_by_id()`.execute(db);
  await sql`
    create trigger vehicles_notify_vehicle_change after insert or update or delete on vehicles
    for each row execute function rentora_notify_vehicle_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop trigger vehicles_notify_vehicle_change on vehicles`.execute(db);
  await sql`drop trigger rentals_notify_vehicle_change on rentals`.execute(db);
  await sql`drop function rentora_notify_vehicle_change()`.execute(db);
  await sql`drop function rentora_notify_vehicle_change_by_id()`.execute(db);
}
