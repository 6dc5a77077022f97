import type { RentalStage, Role, VehicleStatus } from '@rentora/shared/operator';
import { DEFAULT_CANCELLATION_POLICY } from '@rentora/shared/payments';
import { formatDisplayDate } from '@rentora/shared/format';
import { runInTransaction } from '../db/transaction';
import { ApiError } from '../errors';
import { recordAudit } from '../repositories/audit';
import type { Executor } from '../repositories/executor';
import { type BookingRecord, findOperatorBooking } from '../repositories/operator-bookings';
import { moveRentalStage } from '../repositories/rentals';
import { findStatusOfRentalCar, lockVehicleOfRental } from '../repositories/vehicles';
import type { OperatorContext } from './fleet-operations';
import { FEE_LABELS } from '../money/invoice';
import { type HandoverContext, type HandoverDetails, checkHandoverDetails, recordHandover } from './handover';
import { cancellationOutcome, settleCancellation } from './payments/cancellation';

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

const OFF_THE_ROAD: Record<Exclude<VehicleStatus, 'in_service'>, string> = {
  draft: 'a draft, not yet in service',
  out_of_service: 'out of service',
  retired: 'retired',
};
export const carOffTheRoad = (status: Exclude<VehicleStatus, 'in_service'>) =>
  `This rental’s car is ${OFF_THE_ROAD[status]}: it cannot be handed over while it is not in service.`;
export const pickUpAfterRental = (dropOff: string) =>
  `This rental ended on ${formatDisplayDate(dropOff)}: it cannot be picked up after its drop-off day.`;

export const AWAITING_PAYMENT =
  'This rental still awaits its online payment: it cannot be handed over until it is paid, or its hold ends.';
export const REFUND_NEEDS_ADMIN = 'Only an admin may cancel with less than a full refund.';
export const REFUND_NEEDS_REASON = 'Say why less than the full amount is refunded: the reason is kept and audited.';
export const REFUND_ONLY_WHEN_CANCELLED = 'refund_percent goes with a move to cancelled only.';

/** A hand-over needs a car on the road, a rental not already over, and a rental paid for when it had to be. */
async function checkHandOver(trx: Executor, booking: BookingRecord, today: string): Promise<void> {
  if (today > booking.drop_off_date) throw new ApiError(409, pickUpAfterRental(booking.drop_off_date));
  const status = await findStatusOfRentalCar(trx, booking.id);
  if (status !== 'in_service') throw new ApiError(409, carOffTheRoad(status));
  const hold = await trx
    .selectFrom('rentals')
    .select('hold_expires_at')
    .where('id', '=', booking.id)
    .executeTakeFirst();
  if (hold?.hold_expires_at != null) throw new ApiError(409, AWAITING_PAYMENT);
}

/**
 * Who may cancel with what refund (docs/decisions/0031-payments.md): staff refund in full; an admin
 * may refund less, saying why. A no-show keeps what was paid for the rental.
 */
export function refundPercentOf(
  to: RentalStage,
  asked: number | undefined,
  actor: { role: Role },
  reason: string,
): number | undefined {
  if (asked !== undefined && to !== 'cancelled') throw new ApiError(400, REFUND_ONLY_WHEN_CANCELLED);
  if (to === 'no_show') return 0;
  if (to !== 'cancelled') return undefined;
  const percent = asked ?? 100;
  if (percent < 100 && actor.role !== 'admin') throw new ApiError(403, REFUND_NEEDS_ADMIN);
  if (percent < 100 && reason === '') throw new ApiError(400, REFUND_NEEDS_REASON);
  return percent;
}

export async function findBooking(
  context: OperatorContext,
  id: number,
): Promise<BookingRecord & { total_paise: number }> {
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
  refundPercent?: number,
): Promise<{ booking: BookingRecord & { total_paise: number }; refunds: number[] }> {
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
    if (to === 'picked_up') await checkHandOver(trx, booking, today);
    // Under the row lock (PostgreSQL) or the one writer (SQLite), the stage read is still the stage.
    await moveRentalStage(trx, { rentalId: id, from, to, by: actor, reason });
    const recorded = await recordHandover(context, trx, booking, to, details);
    const money =
      refundPercent === undefined ? undefined : await settleStaffCancellation(context, trx, id, to, refundPercent);
    await recordAudit(trx, {
      actor,
      action: 'booking.stage_changed',
      subject: `booking:${id}`,
      before: { stage: from },
      after: { stage: to, reason, ...recorded, ...money?.told },
    });
    return { booking: { ...booking, stage: to }, refunds: money?.refunds ?? [] };
  });
}

/** What was paid online for a rental staff cancelled or marked a no-show: refunded by `percent`, the rest invoiced. */
async function settleStaffCancellation(
  context: HandoverContext,
  trx: Executor,
  id: number,
  to: RentalStage,
  percent: number,
) {
  const clock = { now: context.now(), timeZone: context.timeZone };
  const outcome = await cancellationOutcome(trx, id, DEFAULT_CANCELLATION_POLICY, clock, percent);
  const label = to === 'no_show' ? FEE_LABELS.no_show : FEE_LABELS.cancelled;
  const settled = await settleCancellation(trx, id, outcome, context.today(), label);
  const moved = outcome.refund_paise + outcome.fee_paise > 0;
  return {
    refunds: settled.refunds,
    told: moved ? { refund_paise: outcome.refund_paise, fee_paise: outcome.fee_paise, invoice: settled.invoice } : {},
  };
}
