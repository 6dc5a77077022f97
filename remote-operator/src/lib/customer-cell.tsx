import type { OperatorBooking } from '@rentora/shared/operator';
import styles from './list-page.module.css';

/**
 * A rental's renter in a table cell: the name, and below it the email, whole, which breaks
 * anywhere it must rather than push the row's actions out of the table.
 */
export function CustomerCell({ booking }: { booking: Pick<OperatorBooking, 'customer_name' | 'customer_email'> }) {
  return (
    <span className={styles.stack}>
      <span>{booking.customer_name}</span>
      <span className={`${styles.sub} ${styles.breakAnywhere}`}>{booking.customer_email}</span>
    </span>
  );
}
