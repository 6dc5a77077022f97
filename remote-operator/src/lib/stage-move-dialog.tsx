import { formatDisplayDate } from '@rentora/shared';
import { showToast } from '@rentora/state';
import { ConfirmDialog } from './confirm-dialog';
import { STAGE_LABELS } from './labels';
import { STAGE_ACTIONS, stageMovesFrom, type StageMove } from './moves';
import { operatorCall } from './operator-api';
import { refreshOperatorReads } from './operator-reads';
import type { OperatorBooking } from '@rentora/shared/operator';
import { RowAction } from './row-action';

export const BOOKINGS_PATH = '/api/operator/bookings';

/** Moves that end a rental without it running. */
export const DANGER_MOVES: ReadonlySet<StageMove> = new Set(['cancelled', 'no_show']);

export interface StageMoveDialogProps {
  booking: OperatorBooking;
  to: StageMove;
  onClose: () => void;
}

/** Confirms a rental's move to its next stage, with the reason its history keeps. */
export function StageMoveDialog({ booking, to, onClose }: StageMoveDialogProps) {
  async function move(reason: string) {
    try {
      await operatorCall('POST', `${BOOKINGS_PATH}/${booking.id}/stage`, { to, reason });
    } catch (error) {
      showToast('error', (error as Error).message);
      throw error;
    }
    showToast('success', `${booking.car_name} for ${booking.customer_name}: ${STAGE_LABELS[to]}.`);
    refreshOperatorReads(BOOKINGS_PATH);
  }

  return (
    <ConfirmDialog
      title={`${STAGE_ACTIONS[to]}?`}
      confirmLabel={STAGE_ACTIONS[to]}
      tone={DANGER_MOVES.has(to) ? 'danger' : 'primary'}
      reasonLabel="Reason (kept in the booking’s history)"
      onConfirm={move}
      onClose={onClose}
    >
      <p>
        {booking.customer_name}’s {booking.car_name}, {formatDisplayDate(booking.pick_up_date)} →{' '}
        {formatDisplayDate(booking.drop_off_date)}: from <strong>{STAGE_LABELS[booking.stage]}</strong> to{' '}
        <strong>{STAGE_LABELS[to]}</strong>.
      </p>
    </ConfirmDialog>
  );
}

/** The buttons for a rental's next stages, each named with the car and the customer. */
export function StageActions({
  booking,
  today,
  onMove,
}: {
  booking: OperatorBooking;
  today: string;
  onMove: (to: StageMove) => void;
}) {
  return (
    <div>
      {stageMovesFrom(booking.stage, booking.pick_up_date, today).map((to) => (
        <RowAction
          key={to}
          tone={DANGER_MOVES.has(to) ? 'danger' : 'default'}
          aria-label={`${STAGE_ACTIONS[to]}: ${booking.car_name}, ${booking.customer_name}`}
          onClick={() => onMove(to)}
        >
          {STAGE_ACTIONS[to]}
        </RowAction>
      ))}
    </div>
  );
}
