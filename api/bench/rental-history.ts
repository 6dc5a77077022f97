import type { RentalStage } from '@rentora/shared/operator';
import type { Kysely } from 'kysely';
import type { Database, NewRental } from '../src/db/schema';
import { BENCH_RIDER } from './bench-rider';

const DAY_MS = 86_400_000;
const BATCH = 500;

const isoDay = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

/** Past rentals are mostly completed; running ones picked up; later ones confirmed; some of each cancelled. */
function stageOf(index: number, dropOffMs: number, pickUpMs: number, nowMs: number): RentalStage {
  if (index % 10 === 0) return 'cancelled';
  if (dropOffMs < nowMs - DAY_MS) return index % 20 === 1 ? 'no_show' : 'completed';
  return pickUpMs <= nowMs ? 'picked_up' : 'confirmed';
}

/**
 * Years of rental history for the operator's bookings list: `count` rentals spread over every
 * car, back to back per car (never overlapping, as the database requires), ending about a year
 * ahead, by the given riders. Inserted in one transaction, a few hundred rows a statement.
 */
export async function seedRentalHistory(db: Kysely<Database>, count: number, riderIds: number[]): Promise<void> {
  if (riderIds.length === 0) throw new Error('A rental history needs riders.');
  const cars = await db.selectFrom('vehicles').select(['id', 'price_per_day']).orderBy('id').execute();
  const perCar = Math.ceil(count / cars.length);
  const nowMs = Date.now();
  // About 2.5 days a rental with gaps: start far enough back that each car's history ends a year ahead.
  const startMs = nowMs - Math.round(perCar * 2.5 - 365) * DAY_MS;
  const rows: NewRental[] = [];
  let index = 0;
  for (const car of cars) {
    let dayMs = startMs;
    for (let n = 0; n < perCar && index < count; n += 1, index += 1) {
      const days = 1 + (index % 3);
      const pickUpMs = dayMs;
      const dropOffMs = pickUpMs + (days - 1) * DAY_MS;
      dayMs = dropOffMs + (1 + (index % 2)) * DAY_MS;
      rows.push({
        user_id: riderIds[index % riderIds.length] ?? 0,
        vehicle_id: car.id,
        ...BENCH_RIDER,
        pick_up_date: isoDay(pickUpMs),
        drop_off_date: isoDay(dropOffMs),
        days,
        total_price: days * car.price_per_day,
        stage: stageOf(index, dropOffMs, pickUpMs, nowMs),
      });
    }
  }
  await db.transaction().execute(async (trx) => {
    for (let at = 0; at < rows.length; at += BATCH) {
      await trx
        .insertInto('rentals')
        .values(rows.slice(at, at + BATCH))
        .execute();
    }
  });
}
