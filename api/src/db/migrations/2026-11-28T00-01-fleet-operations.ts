import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no app code, so later changes to the app never rewrite history.

/**
 * Running the fleet (docs/decisions/0017-operator-side.md):
 * - a car's lifecycle `status` replaces `availability` (1 → in_service, 0 → out_of_service), with
 *   a unique `license_plate` (the existing cars get `SEED<id>` until an operator sets theirs),
 *   `out_of_service_until`, `created_at`, `updated_at` and `updated_by`;
 * - a rental's `status` becomes its `stage` (active → confirmed), every move kept in
 *   `rental_stage_changes`;
 * - `vehicle_blocks`: days a car is kept off the road. A block never overlaps another block of
 *   the car nor a rental holding it (confirmed or picked up), and a rental never overlaps a block:
 *   the database refuses both, as it refuses two rentals over one day.
 *
 * SQLite cannot change a CHECK constraint or add a column defaulting to CURRENT_TIMESTAMP, so
 * `vehicles` and `rentals` are rebuilt as the sessions migration rebuilt its family.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design (Kysely docs). */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await upPostgres(db);
  else await upSqlite(db);
  await sql`create index rentals_stage_pick_up on rentals (stage, pick_up_date)`.execute(db);
  await sql`create index rentals_pick_up on rentals (pick_up_date)`.execute(db);
  await sql`create index rentals_created_at on rentals (created_at)`.execute(db);
  await sql`create index vehicle_blocks_vehicle_dates on vehicle_blocks (vehicle_id, end_date)`.execute(db);
  await sql`create index rental_stage_changes_rental on rental_stage_changes (rental_id, id)`.execute(db);
  await sql`create index vehicles_status on vehicles (status)`.execute(db);
}

const STATUSES = `'draft', 'in_service', 'out_of_service', 'retired'`;
const STAGES = `'confirmed', 'picked_up', 'completed', 'cancelled', 'no_show'`;
const HOLDING = `'confirmed', 'picked_up'`;
const REASONS = `'maintenance', 'repair', 'detailing', 'off_platform', 'other'`;

async function run(db: Kysely<any>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  await run(db, [
    `alter table vehicles add column status text not null default 'in_service' check (status in (${STATUSES}))`,
    `update vehicles set status = case when availability = 1 then 'in_service' else 'out_of_service' end`,
    'alter table vehicles alter column status drop default',
    'alter table vehicles drop column availability',
    'alter table vehicles add column license_plate text',
    `update vehicles set license_plate = 'SEED' || id`,
    'alter table vehicles alter column license_plate set not null',
    'alter table vehicles add constraint vehicles_license_plate unique (license_plate)',
    'alter table vehicles add column out_of_service_until date',
    'alter table vehicles add column created_at timestamptz not null default CURRENT_TIMESTAMP',
    'alter table vehicles add column updated_at timestamptz not null default CURRENT_TIMESTAMP',
    'alter table vehicles add column updated_by text',

    'alter table rentals drop constraint rentals_no_overlap',
    'alter table rentals drop constraint rentals_status_check',
    'alter table rentals rename column status to stage',
    `update rentals set stage = case when stage = 'active' then 'confirmed' else 'cancelled' end`,
    `alter table rentals add constraint rentals_stage_check check (stage in (${STAGES}))`,
    `alter table rentals add constraint rentals_no_overlap
      exclude using gist (vehicle_id with =, daterange(pick_up_date, drop_off_date, '[]') with &&)
      where (stage in (${HOLDING}))`,

    `create table rental_stage_changes (
      id serial primary key,
      rental_id integer not null references rentals (id) on delete cascade,
      from_stage text check (from_stage in (${STAGES})),
      to_stage text not null check (to_stage in (${STAGES})),
      changed_at timestamptz not null default CURRENT_TIMESTAMP,
      changed_by text not null,
      reason text not null default ''
    )`,
    `create table vehicle_blocks (
      id serial primary key,
      vehicle_id integer not null references vehicles (id),
      start_date date not null,
      end_date date not null,
      reason text not null check (reason in (${REASONS})),
      note text not null default '',
      created_at timestamptz not null default CURRENT_TIMESTAMP,
      created_by text not null,
      constraint vehicle_blocks_dates_in_order check (end_date >= start_date),
      constraint vehicle_blocks_no_overlap
        exclude using gist (vehicle_id with =, daterange(start_date, end_date, '[]') with &&)
    )`,
    // Across the two tables no exclusion constraint reaches: each insert locks its car's row
    // first, so of a block and a rental racing for one car the second waits, then sees the first.
    `create function rentals_clear_of_blocks() returns trigger language plpgsql as $$
    begin
      if new.stage in (${HOLDING}) then
        perform 1 from vehicles where id = new.vehicle_id for update;
        if exists (
          select 1 from vehicle_blocks b
          where b.vehicle_id = new.vehicle_id
            and b.start_date <= new.drop_off_date and b.end_date >= new.pick_up_date
        ) then
          raise exception 'rentals_no_overlap' using errcode = 'exclusion_violation', constraint = 'rentals_no_overlap';
        end if;
      end if;
      return new;
    end $$`,
    `create trigger rentals_clear_of_blocks
      before insert or update of stage, pick_up_date, drop_off_date, vehicle_id on rentals
      for each row execute function rentals_clear_of_blocks()`,
    `create function vehicle_blocks_clear_of_rentals() returns trigger language plpgsql as $$
    begin
      perform 1 from vehicles where id = new.vehicle_id for update;
      if exists (
        select 1 from rentals r
        where r.vehicle_id = new.vehicle_id and r.stage in (${HOLDING})
          and r.pick_up_date <= new.end_date and r.drop_off_date >= new.start_date
      ) then
        raise exception 'vehicle_blocks_no_overlap'
          using errcode = 'exclusion_violation', constraint = 'vehicle_blocks_no_overlap';
      end if;
      return new;
    end $$`,
    `create trigger vehicle_blocks_clear_of_rentals
      before insert or update of start_date, end_date, vehicle_id on vehicle_blocks
      for each row execute function vehicle_blocks_clear_of_rentals()`,
  ]);
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  await run(db, [
    `create table vehicles_next (
      id integer primary key,
      slug text not null unique,
      car_name text not null,
      brand_name text not null,
      car_type text not null,
      seating_capacity integer not null,
      price_per_day integer not null check (price_per_day > 0),
      image_url text not null,
      location text not null,
      customer_ratings double precision not null,
      description text not null,
      status text not null check (status in (${STATUSES})),
      model_year integer not null,
      average double precision not null,
      fuel_type text not null,
      engine text not null,
      transmission text not null,
      license_plate text not null constraint vehicles_license_plate unique,
      out_of_service_until text,
      created_at text not null default CURRENT_TIMESTAMP,
      updated_at text not null default CURRENT_TIMESTAMP,
      updated_by text
    )`,
    `insert into vehicles_next (
      id, slug, car_name, brand_name, car_type, seating_capacity, price_per_day, image_url, location,
      customer_ratings, description, status, model_year, average, fuel_type, engine, transmission, license_plate
    ) select
      id, slug, car_name, brand_name, car_type, seating_capacity, price_per_day, image_url, location,
      customer_ratings, description, case when availability = 1 then 'in_service' else 'out_of_service' end,
      model_year, average, fuel_type, engine, transmission, 'SEED' || id
      from vehicles`,
    `create table rentals_next (
      id integer primary key,
      user_id integer not null references users (id) on delete cascade,
      vehicle_id integer not null references vehicles_next (id),
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
      stage text not null check (stage in (${STAGES})),
      created_at text not null default CURRENT_TIMESTAMP,
      updated_at text not null default CURRENT_TIMESTAMP,
      constraint rentals_dates_in_order check (drop_off_date >= pick_up_date)
    )`,
    `insert into rentals_next (
      id, user_id, vehicle_id, name, age, email, phone_no, address, pincode, pick_up_date, drop_off_date,
      days, total_price, stage, created_at, updated_at
    ) select
      id, user_id, vehicle_id, name, age, email, phone_no, address, pincode, pick_up_date, drop_off_date,
      days, total_price, case when status = 'active' then 'confirmed' else 'cancelled' end, created_at, updated_at
      from rentals`,
    'drop table rentals',
    'drop table vehicles',
    // With foreign keys on, a rename also rewrites the children's references to the new name.
    'alter table vehicles_next rename to vehicles',
    'alter table rentals_next rename to rentals',
    'create index rentals_user on rentals (user_id, vehicle_id)',
    'create index rentals_vehicle_dates on rentals (vehicle_id, drop_off_date)',
    `create table rental_stage_changes (
      id integer primary key,
      rental_id integer not null references rentals (id) on delete cascade,
      from_stage text check (from_stage in (${STAGES})),
      to_stage text not null check (to_stage in (${STAGES})),
      changed_at text not null default CURRENT_TIMESTAMP,
      changed_by text not null,
      reason text not null default ''
    )`,
    `create table vehicle_blocks (
      id integer primary key,
      vehicle_id integer not null references vehicles (id),
      start_date text not null,
      end_date text not null,
      reason text not null check (reason in (${REASONS})),
      note text not null default '',
      created_at text not null default CURRENT_TIMESTAMP,
      created_by text not null,
      constraint vehicle_blocks_dates_in_order check (end_date >= start_date)
    )`,
  ]);
  // One writer at a time (BEGIN IMMEDIATE), so a trigger's look at the other rows is the truth.
  const rentalClash = (self: string) => `
    new.stage in (${HOLDING}) and (
      exists (
        select 1 from rentals r
        where r.vehicle_id = new.vehicle_id and r.stage in (${HOLDING}) ${self}
          and r.pick_up_date <= new.drop_off_date and r.drop_off_date >= new.pick_up_date
      ) or exists (
        select 1 from vehicle_blocks b
        where b.vehicle_id = new.vehicle_id
          and b.start_date <= new.drop_off_date and b.end_date >= new.pick_up_date
      )
    )`;
  const blockClash = (self: string) => `
    exists (
      select 1 from vehicle_blocks b
      where b.vehicle_id = new.vehicle_id ${self}
        and b.start_date <= new.end_date and b.end_date >= new.start_date
    ) or exists (
      select 1 from rentals r
      where r.vehicle_id = new.vehicle_id and r.stage in (${HOLDING})
        and r.pick_up_date <= new.end_date and r.drop_off_date >= new.start_date
    )`;
  await run(db, [
    `create trigger rentals_no_overlap_insert before insert on rentals
      when ${rentalClash('')}
      begin select raise(abort, 'rentals_no_overlap'); end`,
    `create trigger rentals_no_overlap_update before update of stage, pick_up_date, drop_off_date, vehicle_id on rentals
      when ${rentalClash('and r.id <> new.id')}
      begin select raise(abort, 'rentals_no_overlap'); end`,
    `create trigger vehicle_blocks_no_overlap_insert before insert on vehicle_blocks
      when ${blockClash('')}
      begin select raise(abort, 'vehicle_blocks_no_overlap'); end`,
    `create trigger vehicle_blocks_no_overlap_update before update of start_date, end_date, vehicle_id on vehicle_blocks
      when ${blockClash('and b.id <> new.id')}
      begin select raise(abort, 'vehicle_blocks_no_overlap'); end`,
  ]);
}

export async function down(): Promise<void> {
  throw new Error('The fleet-operations migration is not reversible: it would lose stages, blocks and plates.');
}
/* eslint-enable @typescript-eslint/no-explicit-any */
