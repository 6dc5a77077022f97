import { Spinner, StatusIcon, type Quote, type BookingPayment } from '@rentora/shared';
import styles from './booking-result.module.css';

export type BookingOutcome =
  | { kind: 'sending' }
  /**
   * `newQuote`: refused since the price changed; the customer may book at the new one. `payment`:
   * held until paid online (docs/product.md §11).
   */
  | { kind: 'answered'; ok: boolean; message: string; newQuote?: Quote; payment?: BookingPayment }
  /** Caught before sending (docs/product.md §5 rules, or a clash with a booked range): the user can go back. */
  | { kind: 'invalid'; message: string };

export interface BookingResultProps {
  outcome: BookingOutcome;
}

/** Step 4: a success or error icon and the message, announced when it arrives. */
export function BookingResult({ outcome }: BookingResultProps) {
  const ok = outcome.kind === 'answered' && outcome.ok;
  return (
    <div className={styles.result} role="status">
      {outcome.kind === 'sending' ? (
        <>
          <span className={styles.spinner}>
            <Spinner />
          </span>
          <p className={styles.message}>Booking your ride…</p>
        </>
      ) : (
        <>
          <StatusIcon kind={ok ? 'success' : 'error'} label={ok ? 'Success' : 'Error'} size={56} />
          <p className={styles.message}>{outcome.message}</p>
        </>
      )}
    </div>
  );
}
