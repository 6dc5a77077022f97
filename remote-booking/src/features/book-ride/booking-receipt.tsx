import { formatDisplayDate, formatRupees, rentalDays, type BookingForm, type VehicleDetail } from '@rentora/shared';
import styles from './booking-receipt.module.css';

export interface BookingReceiptProps {
  vehicle: VehicleDetail;
  form: BookingForm;
}

/** What was booked, under the server's confirmation: the car, the dates and the total. */
export function BookingReceipt({ vehicle, form }: BookingReceiptProps) {
  const days = rentalDays(form.pick_up_date, form.drop_off_date);
  return (
    <section aria-label="Your booking">
      <dl className={styles.receipt}>
        <div>
          <dt>Car</dt>
          <dd>{vehicle.car_name}</dd>
        </div>
        <div>
          <dt>Dates</dt>
          <dd>
            {formatDisplayDate(form.pick_up_date)} → {formatDisplayDate(form.drop_off_date)}
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>
            {formatRupees(days * vehicle.price_per_day)} · {days} {days === 1 ? 'day' : 'days'}
          </dd>
        </div>
      </dl>
    </section>
  );
}
