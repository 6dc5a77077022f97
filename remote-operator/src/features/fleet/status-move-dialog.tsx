import { useState } from 'react';
import { Field, formatDisplayDate } from '@rentora/shared';
import { ConfirmDialog } from '../../lib/confirm-dialog';
import { STATUS_LABELS } from '../../lib/labels';
import { STATUS_ACTIONS, type StatusMove } from '../../lib/moves';
import { OperatorApiError } from '../../lib/operator-api';
import type { OperatorVehicle, UpcomingRental, VehicleConflict } from '@rentora/shared/operator';
import { changeFleet, vehiclePath } from './fleet-api';
import styles from './status-move-dialog.module.css';

/** The rentals the API lists when it refuses to take the car off the road over them; none for any other refusal. */
function upcomingRentalsIn(error: unknown): UpcomingRental[] | undefined {
  if (!(error instanceof OperatorApiError) || error.status !== 409) return undefined;
  const listed = (error.body as Partial<VehicleConflict>).upcoming_rentals;
  return listed && listed.length > 0 ? listed : undefined;
}

export interface StatusMoveDialogProps {
  car: OperatorVehicle;
  to: StatusMove;
  onClose: () => void;
}

/**
 * Confirms a status move. Taking a car off the road while it has upcoming rentals is refused
 * (409, listing them); the dialog then shows them and offers to cancel them with the move.
 */
export function StatusMoveDialog({ car, to, onClose }: StatusMoveDialogProps) {
  const [until, setUntil] = useState('');
  const [upcoming, setUpcoming] = useState<UpcomingRental[]>();
  const [cancelUpcoming, setCancelUpcoming] = useState(false);

  async function move(reason: string) {
    try {
      await changeFleet(
        'PATCH',
        vehiclePath(car._id),
        {
          status: to,
          reason,
          ...(to === 'out_of_service' && until && { out_of_service_until: until }),
          ...(cancelUpcoming && { cancel_upcoming: true }),
        },
        `${car.car_name}: ${STATUS_LABELS[to]}.`,
        // The dialog lists the rentals itself: a toast would repeat them in the API's words.
        (error) => upcomingRentalsIn(error) !== undefined,
      );
    } catch (error) {
      const listed = upcomingRentalsIn(error);
      if (listed) setUpcoming(listed);
      throw error;
    }
  }

  return (
    <ConfirmDialog
      title={`${STATUS_ACTIONS[to]}?`}
      confirmLabel={upcoming && cancelUpcoming ? `${STATUS_ACTIONS[to]} and cancel them` : STATUS_ACTIONS[to]}
      tone={to === 'retired' || cancelUpcoming ? 'danger' : 'primary'}
      reasonLabel="Reason (kept in the audit log)"
      onConfirm={move}
      onClose={onClose}
    >
      <p>
        {car.car_name} ({car.license_plate}): from <strong>{STATUS_LABELS[car.status]}</strong> to{' '}
        <strong>{STATUS_LABELS[to]}</strong>.
        {to === 'retired' && ' Retiring is final: the car leaves the site for good, its history stays.'}
      </p>
      {to === 'out_of_service' && (
        <Field
          label="Back in service on (optional)"
          type="date"
          value={until}
          onChange={(event) => setUntil(event.target.value)}
          className={styles.until}
        />
      )}
      {upcoming && (
        <div role="alert" className={styles.upcoming}>
          <p className={styles.lead}>
            {upcoming.length === 1 ? 'A confirmed rental is' : `${upcoming.length} confirmed rentals are`} still ahead:
          </p>
          <ul aria-label="Upcoming rentals" className={styles.rentals}>
            {upcoming.map((rental) => (
              <li key={rental.id} className={styles.rental}>
                <span className={styles.customer}>{rental.customer}</span>
                <span className={styles.dates}>
                  #{rental.id} · {formatDisplayDate(rental.pick_up_date)} → {formatDisplayDate(rental.drop_off_date)}
                </span>
              </li>
            ))}
          </ul>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={cancelUpcoming}
              onChange={(event) => setCancelUpcoming(event.target.checked)}
            />
            Cancel these rentals too (each customer sees ‘Rental Cancelled’)
          </label>
        </div>
      )}
    </ConfirmDialog>
  );
}
