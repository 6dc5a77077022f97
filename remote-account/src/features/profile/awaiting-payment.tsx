import { formatTimeOfDay } from '@rentora/shared';
import styles from './awaiting-payment.module.css';

export interface AwaitingPaymentProps {
  /** ISO 8601: the booking holds its dates until then. */
  holdExpiresAt: string | undefined;
}

/** A booking held while its online payment is made (docs/product.md §11): the badge, and until when. */
export function AwaitingPayment({ holdExpiresAt }: AwaitingPaymentProps) {
  return (
    <p className={styles.awaiting}>
      <span className={styles.badge}>Awaiting payment</span>
      {holdExpiresAt && <span className={styles.until}>Dates held until {formatTimeOfDay(holdExpiresAt)}</span>}
    </p>
  );
}
