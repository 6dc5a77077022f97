import type { OperatorBooking, RentalStage } from '@rentora/shared/operator';
import { formatDisplayDate } from '@rentora/shared/format';
import { runInTransaction } from '../db/transaction';
import { ApiError } from '../errors';
import { recordAudit } from '../repositories/audit';
import { findOperatorBooking } from '../repositories/operator-bookings';
import { moveRentalStage } from '../repositories/rentals';
import { lockVehicleOfRental } from '../repositories/vehicles';
import type { OperatorContext } from './fleet-operations';
import { type HandoverContext, type HandoverDetails, checkHandoverDetails, recordHandover } from './handover';

/** The only moves a rental's stage makes (docs/decisions/0017-operator-side.md); the last three are final. */
const STAGE_MOVES: Record<RentalStage, readonly RentalStage[]> = {
  confirmed: ['picked_up', 'cancelled', 'no_show'],
  picked_up: ['completed'],
  completed: [],
  cancelled: [],
  no_show: [],
};
/** Moves that need the pick-up day to have come. */
const FROM_PICK_UP_DAY: readonly RentalStage[] = ['picked_up', 'no_show'];

export const NO_SUCH_BOOKING = 'There is no such booking.';
export const illegalStageMove = (from: RentalStage, to: RentalStage) =>
  `A booking cannot move from ${from} to ${to}. Allowed from ${from}: ${STAGE_MOVES[from].join(', ') || 'nothing (it is final)'}.`;
export const tooEarly = (to: RentalStage, pickUp: string) =>
  `This rental starts on ${formatDisplayDate(pickUp)}: it cannot be marked ${to === 'picked_up' ? 'picked up' : 'a no-show'} before then.`;

export async function findBooking(context: OperatorContext, id: number): Promise<OperatorBooking> {
  const booking = await findOperatorBooking(context.db, context.engine, id);
  if (booking === undefined) throw new ApiError(404, NO_SUCH_BOOKING);
  return booking;
}

/**
 * Moves a rental on, keeping the move in its history and the audit in the same transaction, with
 * what the desk recorded at a hand-over or a return (and, at a return, the invoice).
 */
export async function moveStage(
  context: OperatorContext & HandoverContext,
  actor: string,
  id: number,
  to: RentalStage,
  reason: string,
  details: HandoverDetails = {},
): Promise<OperatorBooking> {
  checkHandoverDetails(to, details);
  const today = context.today();
  return runInTransaction(context.db, async (trx) => {
    // The car before the rental, as a move off the road takes them: a pick-up locks the car anyway
    // (the database's guard against blocks), and taking it second could deadlock with that move.
    await lockVehicleOfRental(trx, context.engine, id);
    const booking = await findOperatorBooking(trx, context.engine, id, true);
    if (booking === undefined) throw new ApiError(404, NO_SUCH_BOOKING);
    const from = booking.stage;
    if (!STAGE_MOVES[from].includes(to)) throw new ApiError(409, illegalStageMove(from, to));
    if (FROM_PICK_UP_DAY.includes(to) && today < booking.pick_up_date) {
      throw new ApiError(409, tooEarly(to, booking.pick_up_date));
    }
    // Under the row lock (PostgreSQL) or the one writer (SQLite), the stage read is still the stage.
    await moveRentalStage(trx, { rentalId: id, from, to, by: actor, reason });
    const recorded = await recordHandover(context, trx, booking, to, details);
    await recordAudit(trx, {
      actor,
      action: 'booking.stage_changed',
      subject: `booking:${id}`,
      before: { stage: from },
      after: { stage: to, reason, ...recorded },
    });
    return { ...booking, stage: to };
  });
}
