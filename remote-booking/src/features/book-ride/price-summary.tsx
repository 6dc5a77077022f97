import { formatRupees, rentalDays } from '@rentora/shared';
import styles from './price-summary.module.css';

export interface PriceSummaryProps {
  pricePerDay: number;
  /** Both dates, valid and in order, or undefined while the range is incomplete. */
  range: { pick_up_date: string; drop_off_date: string } | undefined;
}

/** The live total of step 3: days (pick-up to drop-off inclusive) × the daily rate. */
export function PriceSummary({ pricePerDay, range }: PriceSummaryProps) {
  const days = range ? rentalDays(range.pick_up_date, range.drop_off_date) : undefined;
  return (
    <section className={styles.summary} aria-label="Price summary" aria-live="polite">
      {days === undefined ? (
        <p className={styles.hint}>{formatRupees(pricePerDay)}/day · choose your dates to see the total.</p>
      ) : (
        <>
          <p className={styles.calculation}>
            {days} {days === 1 ? 'day' : 'days'} × {formatRupees(pricePerDay)}/day
          </p>
          <p className={styles.total}>
            <span className={styles.totalLabel}>Total</span>
            <span className={styles.totalAmount}>{formatRupees(days * pricePerDay)}</span>
          </p>
        </>
      )}
    </section>
  );
}
