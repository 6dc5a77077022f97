import { lazy, Suspense, useRef, useState } from 'react';
import { formatCount, formatDisplayDate, formatPaise, type Invoice } from '@rentora/shared';
import { $businessTimeZone, showToast, useStore } from '@rentora/state';
import { readInvoice } from './invoice-api';
import { wallClockNow, wallClockToIso } from './business-clock';
import { ConfirmDialog } from './confirm-dialog';
import {
  pickUpDetails,
  PickUpFields,
  returnDetails,
  ReturnFields,
  type PickUpDraft,
  type ReturnDraft,
} from './handover-fields';
import { STAGE_LABELS } from './labels';
import { STAGE_ACTIONS, stageMovesFrom, type StageMove } from './moves';
import { operatorCall } from './operator-api';
import { refreshOperatorReads } from './operator-reads';
import type { OperatorBooking } from '@rentora/shared/operator';
import { RowAction } from './row-action';
import styles from './stage-move-dialog.module.css';

export const BOOKINGS_PATH = '/api/operator/bookings';

// Shown only after a return: fetched then, so the pages that move rentals do not carry it.
const ReturnSettledDialog = lazy(() =>
  import('./invoice-dialog').then(({ ReturnSettledDialog }) => ({ default: ReturnSettledDialog })),
);

/** Moves that end a rental without it running: they break the plan, so they need a reason. */
export const DANGER_MOVES: ReadonlySet<StageMove> = new Set(['cancelled', 'no_show']);

export interface StageMoveDialogProps {
  booking: OperatorBooking;
  to: StageMove;
  onClose: () => void;
}

const RETURN_TIME_MISSING = 'Give the time the car came back.';

/**
 * Confirms a rental's move to its next stage, with the reason its history keeps; a pick-up also
 * records the odometer and the deposit taken, a return the odometer, the time and the tank, and
 * then shows what the server charged and settled against the deposit.
 */
export function StageMoveDialog({ booking, to, onClose }: StageMoveDialogProps) {
  const timeZone = useStore($businessTimeZone);
  const [pickUp, setPickUp] = useState<PickUpDraft>({ odometer: '', method: '', reference: '' });
  const [giveBack, setGiveBack] = useState<ReturnDraft>(() => ({
    odometer: '',
    when: 'now',
    returnedAt: wallClockNow(timeZone),
    tank: 'full',
  }));
  const [settled, setSettled] = useState<Invoice>();
  // Set before the confirmation closes itself, so the settlement shows in its place.
  const settling = useRef(false);

  function detailsOfMove() {
    if (to === 'picked_up') return pickUpDetails(pickUp);
    if (to !== 'completed') return {};
    if (giveBack.when === 'now') return returnDetails(giveBack, undefined);
    const returnedAt = wallClockToIso(giveBack.returnedAt, timeZone);
    if (returnedAt === undefined) throw new Error(RETURN_TIME_MISSING);
    return returnDetails(giveBack, returnedAt);
  }

  async function move(reason: string) {
    try {
      await operatorCall('POST', `${BOOKINGS_PATH}/${booking.id}/stage`, { to, reason, ...detailsOfMove() });
    } catch (error) {
      showToast('error', (error as Error).message);
      throw error;
    }
    showToast('success', `${booking.car_name} for ${booking.customer_name}: ${STAGE_LABELS[to]}.`);
    refreshOperatorReads(BOOKINGS_PATH);
    if (to !== 'completed') return;
    try {
      const invoice = await readInvoice(booking.id);
      settling.current = true;
      setSettled(invoice);
    } catch (error) {
      // The return is recorded; only its summary could not be read: the row's Invoice button reads it again.
      showToast('error', (error as Error).message);
    }
  }

  if (settled) {
    return (
      <Suspense fallback={null}>
        <ReturnSettledDialog invoice={settled} carName={booking.car_name} onClose={onClose} />
      </Suspense>
    );
  }
  return (
    <ConfirmDialog
      title={`${STAGE_ACTIONS[to]}?`}
      confirmLabel={STAGE_ACTIONS[to]}
      tone={DANGER_MOVES.has(to) ? 'danger' : 'primary'}
      reasonLabel={
        DANGER_MOVES.has(to)
          ? 'Reason (kept in the booking’s history)'
          : 'Note (optional, kept in the booking’s history)'
      }
      reasonRequired={DANGER_MOVES.has(to)}
      onConfirm={move}
      onClose={() => {
        if (!settling.current) onClose();
      }}
    >
      <p>
        {booking.customer_name}’s {booking.car_name}, {formatDisplayDate(booking.pick_up_date)} →{' '}
        {formatDisplayDate(booking.drop_off_date)}: from <strong>{STAGE_LABELS[booking.stage]}</strong> to{' '}
        <strong>{STAGE_LABELS[to]}</strong>.
      </p>
      {to === 'picked_up' && (
        <>
          <HandOverTerms booking={booking} />
          <PickUpFields draft={pickUp} onChange={setPickUp} />
        </>
      )}
      {to === 'completed' && <ReturnFields draft={giveBack} onChange={setGiveBack} />}
    </ConfirmDialog>
  );
}

/** What the desk takes and tells at a hand-over, from the rental's quote: the deposit due and the kilometres included. */
function HandOverTerms({ booking }: { booking: OperatorBooking }) {
  const perDay = booking.km_included / booking.days;
  return (
    <dl className={styles.terms} aria-label="Due at hand-over">
      <div>
        <dt>Deposit due</dt>
        <dd>{booking.deposit_paise > 0 ? formatPaise(booking.deposit_paise) : 'None'}</dd>
      </div>
      <div>
        <dt>Kilometres included</dt>
        <dd>
          {booking.km_included > 0
            ? `${formatCount(booking.km_included)} km (${formatCount(perDay)} a day)`
            : 'No limit'}
        </dd>
      </div>
    </dl>
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
