import type { Engine } from '../../db/connect';
import type { Executor } from '../../repositories/executor';
import { lapseHold, listLapsedHolds } from '../../repositories/holds';
import { listPendingCharges } from '../../repositories/payments';
import { lapseLocked } from './settle';

/**
 * Lets go of the car's holds that ended unpaid, under the car's lock in the caller's
 * transaction (a booking's): their charges lapse and their rentals are cancelled, so the days they
 * held can be booked. A payment for one that arrives later finds it lapsed: confirmed again while
 * its days are free, else refunded (settle.ts).
 */
export async function lapseEndedHolds(trx: Executor, engine: Engine, vehicleId: number, now: number): Promise<void> {
  for (const rentalId of await listLapsedHolds(trx, engine, vehicleId, now)) {
    const charges = await listPendingCharges(trx, rentalId);
    if (charges.length === 0) await lapseHold(trx, rentalId);
    for (const charge of charges) await lapseLocked(trx, charge);
  }
}
