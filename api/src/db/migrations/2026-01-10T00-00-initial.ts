import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports no app code, so later changes to the app never rewrite history.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are untyped by design (Kysely docs). */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = postgres ? 'serial' : 'integer';
  const date = postgres ? 'date' : 'text';
  const timestamp = postgres ? 'timestamptz' : 'text';
  const now = sql`CURRENT_TIMESTAMP`;

  await db.schema
    .createTable('users')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('users_email_lower')
    .on('users')
    .unique()
    .expression(sql`lower(email)`)
    .execute();

  await db.schema
    .createTable('vehicles')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('car_name', 'text', (c) => c.notNull())
    .addColumn('brand_name', 'text', (c) => c.notNull())
    .addColumn('car_type', 'text', (c) => c.notNull())
    .addColumn('seating_capacity', 'integer', (c) => c.notNull())
    .addColumn('price_per_day', 'integer', (c) => c.notNull().check(sql`price_per_day > 0`))
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('customer_ratings', 'double precision', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('availability', 'integer', (c) => c.notNull().check(sql`availability in (0, 1)`))
    .addColumn('model_year', 'integer', (c) => c.notNull())
    .addColumn('average', 'double precision', (c) => c.notNull())
    .addColumn('fuel_type', 'text', (c) => c.notNull())
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('transmission', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('rentals')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('age', 'integer', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone_no', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('pincode', 'text', (c) => c.notNull())
    .addColumn('pick_up_date', date, (c) => c.notNull())
    .addColumn('drop_off_date', date, (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull().check(sql`days > 0`))
    .addColumn('total_price', 'integer', (c) => c.notNull().check(sql`total_price > 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'cancelled')`))
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('rentals_dates_in_order', sql`drop_off_date >= pick_up_date`)
    .execute();
  await db.schema.createIndex('rentals_user').on('rentals').columns(['user_id', 'vehicle_id']).execute();
  await db.schema.createIndex('rentals_vehicle_dates').on('rentals').columns(['vehicle_id', 'drop_off_date']).execute();

  // No double booking, enforced by the database itself whatever the app does.
  if (postgres) {
    await sql`create extension if not exists btree_gist`.execute(db);
    await sql`
      alter table rentals add constraint rentals_no_overlap
      exclude using gist (vehicle_id with =, daterange(pick_up_date, drop_off_date, '[]') with &&)
      where (status <> 'cancelled')
    `.execute(db);
  } else {
    const overlapping = (self: string) =>
      sql.raw(`
      new.status <> 'cancelled' and exists (
        select 1 from rentals r
        where r.vehicle_id = new.vehicle_id and r.status <> 'cancelled' ${self}
          and r.pick_up_date <= new.drop_off_date and r.drop_off_date >= new.pick_up_date
      )`);
    await sql`
      create trigger rentals_no_overlap_insert before insert on rentals
      when ${overlapping('')}
      begin select raise(abort, 'rentals_no_overlap'); end
    `.execute(db);
    await sql`
      create trigger rentals_no_overlap_update before update of status, pick_up_date, drop_off_date, vehicle_id on rentals
      when ${overlapping('and r.id <> new.id')}
      begin select raise(abort, 'rentals_no_overlap'); end
    `.execute(db);
  }

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('rentals').execute();
  await db.schema.dropTable('vehicles').execute();
  await db.schema.dropTable('users').execute();
}
/* eslint-enable @typescript-eslint/no-explicit-any */
