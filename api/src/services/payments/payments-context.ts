import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/connect';
import type { Database } from '../../db/schema';
import type { PaymentGateway } from '../../payments/gateway';
import type { Executor } from '../../repositories/executor';

/** What the payment services need: the database, the gateway, the clock, the log, and who to tell of a car's change. */
export interface PaymentsContext {
  db: Kysely<Database>;
  engine: Engine;
  gateway: PaymentGateway;
  /** Epoch ms. */
  now: () => number;
  /** Today in the business time zone, `YYYY-MM-DD`. */
  today: () => string;
  log: FastifyBaseLogger;
  /** Called after a commit that changed a car's booked days (its `_id`). */
  carChanged: (vehicleId: number) => Promise<void>;
}

/** The public `_id` of a car, for the live availability signal. */
export async function slugOf(db: Executor, vehicleId: number): Promise<string | undefined> {
  const row = await db.selectFrom('vehicles').select('slug').where('id', '=', vehicleId).executeTakeFirst();
  return row?.slug;
}
