import { useId, type ReactNode } from 'react';
import { formatPrice, formatTimeOfDay, Spinner, StatusIcon, type BookingPayment } from '@rentora/shared';
import type { PaymentStage } from './use-payment';
import styles from './payment-step.module.css';

export interface PaymentStepProps {
  payment: BookingPayment;
  /** The booking's own answer: what is held, and for how long. */
  heldMessage: string;
  stage: PaymentStage;
  holdEnded: boolean;
  /** What was booked (the receipt), under the payment's state. */
  children?: ReactNode;
}

export const HOLD_ENDED =
  'The time to pay ran out, so the dates are no longer held for you. Nothing was charged: you can book again.';

/** What the pay step says of where the payment stands: shown, and read out as it changes. */
function stageNote(stage: PaymentStage, until: string): string {
  switch (stage.kind) {
    case 'due':
      return 'Your booking is confirmed as soon as the payment goes through.';
    case 'opening':
      return 'Opening the secure checkout…';
    case 'open':
      return 'Complete the payment in the checkout window.';
    case 'verifying':
      return 'Confirming your payment…';
    case 'dismissed':
      return `The checkout was closed before paying: nothing was charged. Your dates are held until ${until}.`;
    case 'declined':
      return `${stage.reason} Nothing was charged: you can try again until ${until}.`;
    case 'unavailable':
      return `The checkout could not be opened. Please check your connection and try again before ${until}.`;
    case 'refused':
      return `${stage.message} You can try again until ${until}.`;
    case 'unconfirmed':
      return stage.message;
    case 'paid':
    case 'lapsed':
      return stage.message;
  }
}

const TROUBLE: ReadonlySet<PaymentStage['kind']> = new Set(['declined', 'unavailable', 'refused', 'unconfirmed']);

/**
 * The wizard's last step with online payment on (docs/product.md §11): the amount to pay and how
 * long the dates are held, then what happened: paid and confirmed, declined (try again while the
 * hold lasts), or paid too late (the money goes back by itself).
 */
export function PaymentStep({ payment, heldMessage, stage, holdEnded, children }: PaymentStepProps) {
  const headingId = useId();
  const until = formatTimeOfDay(payment.expires_at);
  const amount = formatPrice(payment.amount_paise);
  const answered = stage.kind === 'paid' || stage.kind === 'lapsed' || holdEnded;
  const paid = stage.kind === 'paid';
  const trouble = TROUBLE.has(stage.kind);
  const busy = stage.kind === 'verifying' || stage.kind === 'opening';

  // One live region throughout, in the same place: each change of the payment is read out once.
  return (
    <section className={answered ? styles.result : styles.pay} aria-labelledby={headingId}>
      {answered ? (
        <StatusIcon kind={paid ? 'success' : 'error'} label={paid ? 'Success' : 'Error'} size={56} />
      ) : (
        <>
          <div className={styles.intro}>
            <p className={styles.kicker}>Secure payment</p>
            <h3 id={headingId} className={styles.heading}>
              Pay to confirm your booking
            </h3>
            <p className={styles.held}>{heldMessage}</p>
          </div>
          <div className={styles.amountCard}>
            <p className={styles.amountLabel}>To pay now</p>
            <p className={styles.amount}>{amount}</p>
            <p className={styles.hold}>
              <ClockIcon />
              <span>Dates held until {until}</span>
            </p>
          </div>
        </>
      )}
      <p
        id={answered ? headingId : undefined}
        className={answered ? styles.outcome : trouble ? styles.noteTrouble : styles.note}
        role="status"
      >
        {!answered && busy && (
          <span className={styles.noteSpinner}>
            <Spinner />
          </span>
        )}
        {!answered && trouble && <StatusIcon kind="error" size={20} />}
        <span>{holdEnded && !paid ? HOLD_ENDED : stageNote(stage, until)}</span>
      </p>
      {paid && <p className={styles.paidLine}>{amount} paid online</p>}
      {(!answered || paid) && children}
    </section>
  );
}

function ClockIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" className={styles.clock}>
      <circle cx="8" cy="8" r="6.5" />
      <path d="M8 4.5V8l2.5 1.5" />
    </svg>
  );
}
