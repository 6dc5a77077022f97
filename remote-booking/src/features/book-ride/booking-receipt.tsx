import {
  formatDisplayDate,
  formatPrice,
  rentalDays,
  type BookingForm,
  type Quote,
  type VehicleDetail,
} from '@rentora/shared';
import styles from './booking-receipt.module.css';

export interface BookingReceiptProps {
  vehicle: VehicleDetail;
  form: BookingForm;
  /** The quote it was booked at; none when it was booked before its quote came (the server priced it anew). */
  quote: Quote | undefined;
  /** Paid online to confirm it: its total, or its total and deposit (docs/product.md §11). */
  paidOnlinePaise?: number;
}

/** What was booked, under the server's confirmation: the car, the dates, the total and the deposit. */
export function BookingReceipt({ vehicle, form, quote, paidOnlinePaise }: BookingReceiptProps) {
  const days = rentalDays(form.pick_up_date, form.drop_off_date);
  const totalPaise = quote?.total_paise ?? days * vehicle.price_per_day * 100;
  const depositOnline = paidOnlinePaise !== undefined && paidOnlinePaise > totalPaise;
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
            {formatPrice(totalPaise)} · {days} {days === 1 ? 'day' : 'days'}
          </dd>
        </div>
        {quote !== undefined && quote.deposit_paise > 0 && (
          <div>
            <dt>Deposit</dt>
            <dd>
              {formatPrice(quote.deposit_paise)} · refundable, {depositOnline ? 'paid online' : 'paid at pick-up'}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
