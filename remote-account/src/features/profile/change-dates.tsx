import {
  Button,
  CHANGE_AWAITING_PAYMENT,
  Field,
  ModalFrame,
  Spinner,
  formatDisplayDate,
  formatPaise,
  formatRupees,
  latestDropOff,
  latestPickUp,
  rentalDays,
  type BookedRange,
  type BookingPayment,
  type CheckoutResult,
  type Rental,
} from '@rentora/shared';
import { newIdempotencyKey, refreshUser, refreshVehicle, showToast, useBusinessToday } from '@rentora/state';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { NO_ANSWER, reopenPayment, submitChange, verifyPayment } from './change-dates-api';
import { findOpenTwin } from './open-twin';
import { openCheckout } from './change-dates-checkout';
import { useChangePreview, type Preview } from './use-change-preview';
import styles from './change-dates.module.css';

export const RENTAL_NOT_FOUND = 'This rental could not be found. Close this and open your profile again.';
export const CHECKOUT_UNAVAILABLE = 'The payment page could not be opened. Please try again.';

export interface ChangeDatesProps {
  rental: Rental;
}

/** 'Change dates' on an upcoming rental (or the drop-off of one under way), and its dialog. */
export function ChangeDates({ rental }: ChangeDatesProps) {
  const [open, setOpen] = useState(false);
  const carName = rental.car.car_name;
  return (
    <>
      <Button
        variant="secondary"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-label={`Change dates: ${carName}`}
        onClick={() => setOpen(true)}
      >
        Change dates
      </Button>
      {open && createPortal(<ChangeDatesDialog rental={rental} onClose={() => setOpen(false)} />, document.body)}
    </>
  );
}

type Step =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'paying'; payment: BookingPayment }
  | { kind: 'unpaid'; payment: BookingPayment; message: string }
  /** Sent, but no answer came back: the same request, with its key, may be sent again, never a second change. */
  | { kind: 'unanswered'; request: ChangeRequest; message: string }
  /** Paid, but the API could not be asked: the same check may be sent again, never a second payment. */
  | { kind: 'unconfirmed'; payment: BookingPayment; result: CheckoutResult; message: string };

/** One change as sent: sent again with the same key, the server answers as the first time. */
interface ChangeRequest {
  rentalId: number;
  range: BookedRange;
  quoteId: string;
  key: string;
}

export const PAID_UNCONFIRMED = 'Your payment went through, but it could not be confirmed yet.';
export const CHANGE_UNANSWERED =
  'No answer came back, so the change may have been made. Check again: it is never made twice.';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * Escape and Tab are this dialog's alone: it opens over the Profile, itself a modal listening on
 * the document, which would otherwise close too or pull focus back to itself.
 */
function keepKeysInside(event: KeyboardEvent<HTMLDivElement>, onClose: () => void) {
  if (event.key === 'Escape') {
    event.stopPropagation();
    onClose();
    return;
  }
  if (event.key !== 'Tab') return;
  event.stopPropagation();
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** "₹8,260.00 more", "₹8,260.00 less" or "No change": a difference in words, not a sign to miss. */
export function differenceText(paise: number): string {
  if (paise === 0) return 'No change';
  return `${formatPaise(Math.abs(paise))} ${paise > 0 ? 'more' : 'less'}`;
}

const holdEnd = (payment: BookingPayment) =>
  new Date(payment.expires_at).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit' });

function ChangeDatesDialog({ rental, onClose }: { rental: Rental; onClose: () => void }) {
  const titleId = useId();
  const today = useBusinessToday();
  const underWay = rental.status === 'in_progress';
  const carName = rental.car.car_name;
  const current: BookedRange = { pick_up_date: rental.pick_up_date, drop_off_date: rental.drop_off_date };
  const [range, setRange] = useState<BookedRange>(current);
  const [rentalId, setRentalId] = useState<number | 'missing'>();
  const [version, setVersion] = useState(0);
  const [step, setStep] = useState<Step>({ kind: 'editing' });
  const [notice, setNotice] = useState<string>();
  const open = useRef(true);

  useEffect(() => {
    void findOpenTwin(rental).then((twin) => {
      if (open.current) setRentalId(twin?.id ?? 'missing');
    });
    return () => {
      open.current = false;
    };
    // The rental's dates are its identity while the dialog is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const preview = useChangePreview(
    typeof rentalId === 'number' ? rentalId : undefined,
    range,
    current,
    underWay,
    today,
    version,
  );

  function finished(message: string) {
    showToast('success', message);
    refreshVehicle(rental.car._id);
    void refreshUser();
    onClose();
  }

  async function pay(payment: BookingPayment) {
    setStep({ kind: 'paying', payment });
    const outcome = await openCheckout(payment, `New dates for the ${carName}`);
    if (!open.current) return;
    if (outcome.kind === 'paid') return check(payment, outcome.result);
    const message =
      outcome.kind === 'unavailable'
        ? CHECKOUT_UNAVAILABLE
        : `${outcome.failure ? `${outcome.failure} ` : ''}Not paid yet: the new dates are held for you until ${holdEnd(payment)}.`;
    setStep({ kind: 'unpaid', payment, message });
  }

  /** Sends what Checkout handed back: confirmed, refused or lapsed (said, and read again), or not yet answered. */
  async function check(payment: BookingPayment, result: CheckoutResult) {
    setStep({ kind: 'paying', payment });
    const verified = await verifyPayment(payment.id, result);
    if (!open.current) return;
    if (verified.ok) return finished(verified.body.message);
    if (verified.status === NO_ANSWER || verified.status >= 500) {
      setStep({ kind: 'unconfirmed', payment, result, message: `${PAID_UNCONFIRMED} ${verified.message}` });
      return;
    }
    // Refused, or paid after the hold ended (the money goes back by itself): the rental as it is now.
    setNotice(verified.message);
    setStep({ kind: 'editing' });
    void refreshUser();
    setVersion((count) => count + 1);
  }

  function confirm() {
    if (preview.state !== 'ready' || typeof rentalId !== 'number' || step.kind !== 'editing') return;
    void send({ rentalId, range, quoteId: preview.quote.quote.id, key: newIdempotencyKey() });
  }

  async function send(request: ChangeRequest) {
    setStep({ kind: 'sending' });
    setNotice(undefined);
    const answer = await submitChange(request.rentalId, request.range, request.quoteId, request.key);
    if (!open.current) return;
    if (!answer.ok && answer.status === NO_ANSWER) {
      setStep({ kind: 'unanswered', request, message: CHANGE_UNANSWERED });
      return;
    }
    if (!answer.ok) {
      setNotice(answer.message);
      setStep({ kind: 'editing' });
      // The price or the car's days may have moved: show them as they are now.
      setVersion((count) => count + 1);
      return;
    }
    if (answer.body.status === 'changed' || !answer.body.payment) return finished(answer.body.message);
    await pay(answer.body.payment);
  }

  /** An earlier change waits for its payment (it blocks this one): Checkout opens on it again. */
  async function payEarlierChange() {
    if (typeof rentalId !== 'number' || step.kind !== 'editing') return;
    setStep({ kind: 'sending' });
    setNotice(undefined);
    const opened = await reopenPayment(rentalId);
    if (!open.current) return;
    if (opened.ok) return pay(opened.body);
    setNotice(opened.message);
    setStep({ kind: 'editing' });
    // Its hold may have ended meanwhile: the chosen dates are asked about again.
    setVersion((count) => count + 1);
  }

  const earlierChangeWaits = preview.state === 'refused' && preview.message === CHANGE_AWAITING_PAYMENT;
  const busy = step.kind === 'sending' || step.kind === 'paying';
  // While a change or a payment is under way its answer must be seen: the dialog stays, as its button says.
  const closeUnlessBusy = () => {
    if (!busy) onClose();
  };
  const locked = step.kind !== 'editing';
  const payNow = preview.state === 'ready' ? preview.quote.pay_now_paise : 0;
  const fieldError = (field: keyof BookedRange) =>
    preview.state === 'invalid' && preview.field === field ? preview.message : undefined;

  return (
    <div onKeyDown={(event) => keepKeysInside(event, closeUnlessBusy)}>
      <ModalFrame titleId={titleId} onClose={closeUnlessBusy}>
        <div className={styles.dialog}>
          <header className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              Change dates
            </h2>
            <p className={styles.car}>{carName}</p>
            <p className={styles.now}>
              {`Booked ${formatDisplayDate(rental.pick_up_date)} → ${formatDisplayDate(rental.drop_off_date)} · ${formatRupees(rental.total_price)}`}
            </p>
          </header>

          {underWay && <p className={styles.note}>This rental is under way: only its drop-off date can change.</p>}

          <div className={styles.fields}>
            <Field
              label="Pick-up date"
              type="date"
              value={range.pick_up_date}
              min={underWay ? undefined : today}
              max={underWay ? undefined : latestPickUp(today)}
              disabled={underWay || locked}
              error={fieldError('pick_up_date')}
              onChange={(event) => setRange({ ...range, pick_up_date: event.target.value })}
            />
            <Field
              label="Drop-off date"
              type="date"
              value={range.drop_off_date}
              min={underWay ? today : range.pick_up_date || today}
              max={latestDropOff(range.pick_up_date || today)}
              disabled={locked}
              error={fieldError('drop_off_date')}
              onChange={(event) => setRange({ ...range, drop_off_date: event.target.value })}
            />
          </div>

          <Summary preview={preview} rentalId={rentalId} days={rentalDays(range.pick_up_date, range.drop_off_date)} />

          {notice && (
            <p role="alert" className={styles.error}>
              {notice}
            </p>
          )}
          {(step.kind === 'unpaid' || step.kind === 'unconfirmed' || step.kind === 'unanswered') && (
            <p role="alert" className={styles.error}>
              {step.message}
            </p>
          )}

          <div className={styles.actions}>
            <Button variant="ghost" disabled={busy} onClick={onClose}>
              Keep current dates
            </Button>
            {step.kind === 'unconfirmed' ? (
              <Button onClick={() => void check(step.payment, step.result)}>Check again</Button>
            ) : step.kind === 'unanswered' ? (
              <Button onClick={() => void send(step.request)}>Check again</Button>
            ) : step.kind === 'unpaid' || step.kind === 'paying' ? (
              <Button busy={step.kind === 'paying'} onClick={() => void pay(step.payment)}>
                {`Pay ${formatPaise(step.payment.amount_paise)}`}
              </Button>
            ) : earlierChangeWaits ? (
              <Button busy={busy} onClick={() => void payEarlierChange()}>
                Pay for the earlier change
              </Button>
            ) : (
              <Button busy={busy} disabled={preview.state !== 'ready'} onClick={() => void confirm()}>
                {payNow > 0 ? `Pay ${formatPaise(payNow)} and confirm` : 'Confirm new dates'}
              </Button>
            )}
          </div>
        </div>
      </ModalFrame>
    </div>
  );
}

/** The new total and the difference, or why they cannot be shown yet; announced as it changes. */
function Summary({
  preview,
  rentalId,
  days,
}: {
  preview: Preview;
  rentalId: number | 'missing' | undefined;
  /** How long the rental would last, for the discount's words. */
  days: number;
}) {
  const loading = rentalId === undefined || preview.state === 'loading';
  let content;
  if (rentalId === 'missing') {
    content = (
      <p role="alert" className={styles.error}>
        {RENTAL_NOT_FOUND}
      </p>
    );
  } else if (preview.state === 'unchanged') {
    content = <p className={styles.hint}>Choose new dates to see the new total.</p>;
  } else if (preview.state === 'invalid') {
    content = <p className={styles.hint}>Correct the dates to see the new total.</p>;
  } else if (loading) {
    content = (
      <p className={styles.loading}>
        <Spinner /> Working out the new total…
      </p>
    );
  } else if (preview.state === 'refused') {
    content = (
      <p role="alert" className={styles.error}>
        {preview.message}
      </p>
    );
  } else if (preview.state === 'ready') {
    const { quote } = preview;
    content = (
      <>
        <dl className={styles.figures}>
          <div>
            <dt>New total</dt>
            <dd className={styles.total}>{formatPaise(quote.total_paise)}</dd>
          </div>
          <div>
            <dt>Difference</dt>
            <dd>{differenceText(quote.difference_paise)}</dd>
          </div>
          {quote.pay_now_paise > 0 && (
            <div>
              <dt>To pay now</dt>
              <dd>{formatPaise(quote.pay_now_paise)}</dd>
            </div>
          )}
          {quote.refund_paise > 0 && (
            <div>
              <dt>Refunded to you</dt>
              <dd>{formatPaise(quote.refund_paise)}</dd>
            </div>
          )}
          {quote.fee_paise > 0 && (
            <div>
              <dt>Kept by the cancellation policy</dt>
              <dd>{formatPaise(quote.fee_paise)}</dd>
            </div>
          )}
        </dl>
        <p className={styles.rule}>
          {quote.quote.discount_percent > 0 &&
            `${quote.quote.discount_percent}% off for ${days} ${days === 1 ? 'day' : 'days'}. `}
          {quote.rule}
        </p>
      </>
    );
  }
  return (
    <section className={styles.summary} aria-label="New total" aria-live="polite" aria-busy={loading || undefined}>
      {content}
    </section>
  );
}
