import type { BOOKING_SORTS, OperatorBooking, RentalStage, StageChange } from '@rentora/shared/operator';
import type { RentalBooks, rentalBooksFields } from '@rentora/shared/payments';
import { sql } from 'kysely';
import type { Engine } from '../db/connect';
import { isoTimestamp } from '../db/timestamps';
import { readStoredQuote } from '../money/stored-quote';
import { readBooks } from '../services/payments/books';
import type { Executor } from './executor';

export interface BookingListFilter {
  stage?: RentalStage;
  location?: string;
  /** The car's public `_id`. */
  vehicle?: string;
  /** Part of the customer's email or name, any letter case. */
  customer?: string;
  /** Rentals with a day on or after `from`, and on or before `to`. */
  from?: string;
  to?: string;
  pick_up_date?: string;
  drop_off_date?: string;
  drop_off_before?: string;
  sort: (typeof BOOKING_SORTS)[number];
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const likeContaining = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The rentals a filter keeps. Car and customer filters are sub-queries on their small tables, so
 * the rentals are read through their own indexes: `(stage, pick_up_date)`, `(pick_up_date)`,
 * `(created_at)` and `(vehicle_id, drop_off_date)`.
 */
function filteredRentals(db: Executor, filter: BookingListFilter) {
  let query = db.selectFrom('rentals');
  if (filter.stage !== undefined) query = query.where('rentals.stage', '=', filter.stage);
  if (filter.location !== undefined) {
    const location = filter.location.toLowerCase();
    query = query.where('rentals.vehicle_id', 'in', (eb) =>
      eb
        .selectFrom('vehicles')
        .select('id')
        .where(sql`lower(location)`, '=', location),
    );
  }
  if (filter.vehicle !== undefined) {
    const slug = filter.vehicle;
    query = query.where('rentals.vehicle_id', 'in', (eb) =>
      eb.selectFrom('vehicles').select('id').where('slug', '=', slug),
    );
  }
  if (filter.customer !== undefined) {
    const pattern = likeContaining(filter.customer);
    query = query.where('rentals.user_id', 'in', (eb) =>
      eb
        .selectFrom('users')
        .select('id')
        .where(sql<boolean>`lower(email) like ${pattern} escape '\\' or lower(name) like ${pattern} escape '\\'`),
    );
  }
  if (filter.from !== undefined) query = query.where('rentals.drop_off_date', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('rentals.pick_up_date', '<=', filter.to);
  if (filter.pick_up_date !== undefined) query = query.where('rentals.pick_up_date', '=', filter.pick_up_date);
  if (filter.drop_off_date !== undefined) query = query.where('rentals.drop_off_date', '=', filter.drop_off_date);
  if (filter.drop_off_before !== undefined) query = query.where('rentals.drop_off_date', '<', filter.drop_off_before);
  return query;
}

const BOOKING_COLUMNS = [
  'rentals.id',
  'vehicles.slug as vehicle_id',
  'vehicles.car_name',
  'vehicles.location',
  'users.name as customer_name',
  'users.email as customer_email',
  'rentals.pick_up_date',
  'rentals.drop_off_date',
  'rentals.days',
  'rentals.total_price',
  'rentals.stage',
  'rentals.created_at',
  'rentals.quote',
  'rentals.hold_expires_at',
] as const;

/** A rental as staff see it, before its books are read (`withBooks`). */
export type BookingRecord = Omit<OperatorBooking, keyof typeof rentalBooksFields>;

type BookingRow = Omit<BookingRecord, 'created_at' | 'deposit_paise' | 'km_included' | 'hold_expires_at'> & {
  created_at: string;
  quote: string | null;
  hold_expires_at: string | null;
};

/**
 * A rental as staff see it, with what the desk needs from its quote (the deposit due and the
 * kilometres included) and the end of its hold while it awaits its online payment.
 */
function toBooking({ quote, ...row }: BookingRow): BookingRecord & { total_paise: number } {
  const quoted = readStoredQuote({ quote, days: row.days, total_price: row.total_price });
  return {
    ...row,
    created_at: isoTimestamp(row.created_at),
    deposit_paise: quoted.deposit_paise,
    km_included: quoted.terms.km_per_day * row.days,
    hold_expires_at: row.hold_expires_at === null ? null : isoTimestamp(row.hold_expires_at),
    total_paise: quoted.total_paise,
  };
}

/** Rentals with their books (two queries for them all), as the operator's answers carry them. */
export async function withBooks(
  db: Executor,
  bookings: readonly (BookingRecord & { total_paise: number })[],
): Promise<OperatorBooking[]> {
  const books = await readBooks(db, bookings);
  return bookings.map(({ total_paise: _quoted, ...booking }) => ({
    ...booking,
    ...(books.get(booking.id) as RentalBooks),
  }));
}

/**
 * One page of rentals, and how many the filter keeps in all. The page is cut from the rentals
 * alone, then joined to its cars and customers: twenty joins, not one per rental the filter keeps.
 */
export async function listOperatorBookings(
  db: Executor,
  filter: BookingListFilter,
): Promise<{ items: OperatorBooking[]; total: number }> {
  const rentals = filteredRentals(db, filter);
  const page = rentals
    .select([
      'rentals.id',
      'rentals.vehicle_id',
      'rentals.user_id',
      'rentals.pick_up_date',
      'rentals.drop_off_date',
      'rentals.days',
      'rentals.total_price',
      'rentals.stage',
      'rentals.created_at',
      'rentals.quote',
      'rentals.hold_expires_at',
    ])
    .orderBy(`rentals.${filter.sort}`, filter.order)
    .orderBy('rentals.id', filter.order)
    .limit(filter.limit)
    .offset(filter.offset)
    .as('page');
  const rows = await db
    .selectFrom(page)
    .innerJoin('vehicles', 'vehicles.id', 'page.vehicle_id')
    .innerJoin('users', 'users.id', 'page.user_id')
    .select([
      'page.id',
      'vehicles.slug as vehicle_id',
      'vehicles.car_name',
      'vehicles.location',
      'users.name as customer_name',
      'users.email as customer_email',
      'page.pick_up_date',
      'page.drop_off_date',
      'page.days',
      'page.total_price',
      'page.stage',
      'page.created_at',
      'page.quote',
      'page.hold_expires_at',
    ])
    .orderBy(`page.${filter.sort}`, filter.order)
    .orderBy('page.id', filter.order)
    .execute();
  const { total } = await rentals
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return { items: await withBooks(db, rows.map(toBooking)), total: Number(total) };
}

/** One rental as the operator sees it, locked until commit on PostgreSQL when `forUpdate`. */
export async function findOperatorBooking(
  db: Executor,
  engine: Engine,
  id: number,
  forUpdate = false,
): Promise<(BookingRecord & { total_paise: number }) | undefined> {
  let query = db
    .selectFrom('rentals')
    .innerJoin('vehicles', 'vehicles.id', 'rentals.vehicle_id')
    .innerJoin('users', 'users.id', 'rentals.user_id')
    .select(BOOKING_COLUMNS)
    .where('rentals.id', '=', id);
  if (forUpdate && engine === 'postgres') query = query.forUpdate('rentals');
  const row = await query.executeTakeFirst();
  return row === undefined ? undefined : toBooking(row);
}

/** Every move of a rental's stage, oldest first. */
export async function listStageChanges(db: Executor, rentalId: number): Promise<StageChange[]> {
  const rows = await db
    .selectFrom('rental_stage_changes')
    .select(['from_stage as from', 'to_stage as to', 'changed_at as at', 'changed_by as by', 'reason'])
    .where('rental_id', '=', rentalId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, at: isoTimestamp(row.at) }));
}
