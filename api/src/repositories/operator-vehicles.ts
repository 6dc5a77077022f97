import type { OperatorVehicle, VEHICLE_SORTS, VehicleStatus } from '@rentora/shared/operator';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Engine } from '../db/connect';
import type { NewVehicle, VehicleRow } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { carPricesOf } from '../money/car-rules';
import type { Executor } from './executor';
import { toVehicle } from './vehicles';

export function toOperatorVehicle(row: VehicleRow): OperatorVehicle {
  return {
    ...toVehicle(row),
    ...carPricesOf(row),
    status: row.status,
    license_plate: row.license_plate,
    out_of_service_until: row.out_of_service_until,
    created_at: isoTimestamp(row.created_at),
    updated_at: isoTimestamp(row.updated_at),
    updated_by: row.updated_by,
  };
}

/** A plate as stored: upper-case, without the spaces and hyphens people write between its groups. */
export const normalisePlate = (plate: string) => plate.replace(/[ -]/g, '').toUpperCase();

/** `text` inside a LIKE pattern, matched literally. */
const likeContaining = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface VehicleListFilter {
  status?: VehicleStatus;
  location?: string;
  q?: string;
  sort: (typeof VEHICLE_SORTS)[number];
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** Every car, drafts and retired ones too, filtered, sorted and paged by the database. */
export async function listOperatorVehicles(
  db: Executor,
  filter: VehicleListFilter,
): Promise<{ items: OperatorVehicle[]; total: number }> {
  let query = db.selectFrom('vehicles');
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.location !== undefined) {
    const { location } = filter;
    query = query.where((eb) => eb(eb.fn('lower', ['location']), '=', location.toLowerCase()));
  }
  if (filter.q !== undefined) {
    const pattern = likeContaining(filter.q);
    const matches = (column: string): Expression<SqlBool> =>
      sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    query = query.where((eb) =>
      eb.or([matches('car_name'), matches('brand_name'), matches('slug'), matches('license_plate')]),
    );
  }
  const rows = await query
    .selectAll()
    .orderBy(filter.sort, filter.order)
    .orderBy('id', filter.order)
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const { total } = await query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  return { items: rows.map(toOperatorVehicle), total: Number(total) };
}

/**
 * Serialises the creation of cars (PostgreSQL: a transaction-scoped advisory lock; SQLite's
 * BEGIN IMMEDIATE already does), so the next id and a free slug are read and taken by one writer.
 */
export async function lockVehicleCreation(db: Executor, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext('rentora.vehicles.create'))`.execute(db);
}

/** The next `id`: cars keep running 1..N, the relevance order of the public list. */
export async function nextVehicleId(db: Executor): Promise<number> {
  const { top } = await db
    .selectFrom('vehicles')
    .select((eb) => eb.fn.max<number | null>('id').as('top'))
    .executeTakeFirstOrThrow();
  return Number(top ?? 0) + 1;
}

/** The slugs starting with `base`: a new car's `_id` is the first of base, base-2, base-3… not among them. */
export async function slugsLike(db: Executor, base: string): Promise<Set<string>> {
  const rows = await db.selectFrom('vehicles').select('slug').where('slug', 'like', `${base}%`).execute();
  return new Set(rows.map((row) => row.slug));
}

export async function plateTaken(db: Executor, plate: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('vehicles').select('id').where('license_plate', '=', plate);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertVehicle(db: Executor, vehicle: NewVehicle): Promise<VehicleRow> {
  return db.insertInto('vehicles').values(vehicle).returningAll().executeTakeFirstOrThrow();
}

export async function updateVehicle(
  db: Executor,
  id: number,
  changes: Partial<Omit<NewVehicle, 'id' | 'slug'>> & { updated_by: string },
): Promise<VehicleRow> {
  return db
    .updateTable('vehicles')
    .set({ ...changes, updated_at: sql<string>`CURRENT_TIMESTAMP` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The car's row, locked until commit on PostgreSQL (SQLite's one writer needs no lock). */
export async function findVehicleForUpdate(
  db: Executor,
  engine: Engine,
  slug: string,
): Promise<VehicleRow | undefined> {
  let query = db.selectFrom('vehicles').selectAll().where('slug', '=', slug);
  if (engine === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}
