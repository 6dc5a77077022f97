import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, Field, formatPaise } from '@rentora/shared';
import { DESK_METHODS, type OperatorBooking, type Payment, type PaymentKind } from '@rentora/shared/operator';
import { $businessTimeZone, $role, newIdempotencyKey, showToast, useStore } from '@rentora/state';
import { ChoiceField } from '../../lib/choice-field';
import { PageDialog } from '../../lib/page-dialog';
import { METHOD_LABELS, PAYMENT_STATUS_LABELS, recordDeskPayment } from '../../lib/payments-api';
import { holdEnd } from './booking-books';
import styles from './booking-books.module.css';

export const AMOUNT_WRONG = 'Give the amount in rupees, more than 0, with at most two decimals: 1500 or 1500.50.';
export const REFERENCE_MISSING = 'Give the receipt, UPI or card slip’s reference.';

/** Rupees as typed ('1,500.5') in paise, or undefined when they are not an amount. */
export function paiseOf(typed: string): number | undefined {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(typed.replaceAll(',', '').trim());
  if (!match) return undefined;
  const paise = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return paise > 0 && Number.isSafeInteger(paise) ? paise : undefined;
}

const METHOD_OPTIONS = DESK_METHODS.map((method) => ({ value: method, label: METHOD_LABELS[method] }));

function PaymentLine({ payment, when }: { payment: Payment; when: Intl.DateTimeFormat }) {
  const refund = payment.kind === 'refund';
  return (
    <li className={styles.line}>
      <span className={styles.lineWhat}>
        <span>
          {refund ? 'Refund' : 'Payment'} · {METHOD_LABELS[payment.method]} · {PAYMENT_STATUS_LABELS[payment.status]}
        </span>
        <span className={styles.sub}>
          {when.format(new Date(payment.at))}
          {payment.reference && ` · ${payment.reference}`}
        </span>
      </span>
      <span className={[styles.amount, refund && styles.refund].filter(Boolean).join(' ')}>
        {refund ? '−' : ''}
        {formatPaise(payment.amount_paise)}
      </span>
    </li>
  );
}

/**
 * A rental's books at the desk: what was paid, how and when, what is still due, and a form to
 * record money taken (any staff) or given back (admins; the API checks both, and never refunds
 * more than was paid).
 */
export function DeskPaymentDialog({ booking: opened, onClose }: { booking: OperatorBooking; onClose: () => void }) {
  const titleId = useId();
  const role = useStore($role);
  const timeZone = useStore($businessTimeZone);
  const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const [booking, setBooking] = useState(opened);
  const [kind, setKind] = useState<PaymentKind>('charge');
  const [method, setMethod] = useState<(typeof DESK_METHODS)[number]>('cash');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [checked, setChecked] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  // One key per payment entered: sent again unchanged after no answer, the payment is recorded once.
  const attempt = useRef<{ payment: string; key: string }>(undefined);
  const amountWrong = checked && paiseOf(amount) === undefined ? AMOUNT_WRONG : undefined;
  const referenceMissing = checked && reference.trim() === '' ? REFERENCE_MISSING : undefined;
  const awaiting = booking.hold_expires_at !== null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    setProblem(undefined);
    const paise = paiseOf(amount);
    if (paise === undefined || reference.trim() === '') return;
    setBusy(true);
    const payment = { kind, method, amount_paise: paise, reference: reference.trim() };
    const entered = JSON.stringify(payment);
    if (attempt.current?.payment !== entered) attempt.current = { payment: entered, key: newIdempotencyKey() };
    try {
      const answer = await recordDeskPayment(booking.id, payment, attempt.current.key);
      attempt.current = undefined;
      setBooking(answer);
      setAmount('');
      setReference('');
      setChecked(false);
      showToast(
        'success',
        `${kind === 'refund' ? 'Refund' : 'Payment'} of ${formatPaise(paise)} recorded for ${booking.car_name}, ${booking.customer_name}.`,
      );
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageDialog titleId={titleId} onClose={onClose}>
      <div className={styles.dialog}>
        <header>
          <h2 id={titleId} className={styles.title}>
            Payments
          </h2>
          <p className={styles.sub}>
            {booking.car_name} · {booking.customer_name} · booking #{booking.id}
          </p>
        </header>
        <div role="group" aria-label="Books">
          <dl className={styles.figures}>
            <div>
              <dt>Paid</dt>
              <dd>{formatPaise(booking.paid_paise)}</dd>
            </div>
            <div className={booking.due_paise > 0 ? styles.owing : undefined}>
              <dt>Balance due</dt>
              <dd>{formatPaise(booking.due_paise)}</dd>
            </div>
            <div>
              <dt>Deposit due</dt>
              <dd>{booking.deposit_paise > 0 ? formatPaise(booking.deposit_paise) : 'None'}</dd>
            </div>
          </dl>
        </div>
        {booking.payments.length === 0 ? (
          <p className={styles.none}>Nothing paid or refunded yet.</p>
        ) : (
          <ul className={styles.lines} aria-label="Payments and refunds">
            {booking.payments.map((payment) => (
              <PaymentLine key={payment.id} payment={payment} when={when} />
            ))}
          </ul>
        )}
        {awaiting && booking.hold_expires_at !== null ? (
          <p className={styles.none} role="status">
            Awaiting its online payment: the dates are held until {holdEnd(booking.hold_expires_at, timeZone)}. The desk
            records a payment once the hold has ended.
          </p>
        ) : (
          <form
            className={styles.form}
            aria-label="Record at the desk"
            noValidate
            onSubmit={(event) => void submit(event)}
          >
            <h3 className={styles.formTitle}>Record at the desk</h3>
            <div className={styles.fields}>
              <ChoiceField
                label="What"
                options={[
                  { value: 'charge', label: 'Payment taken' },
                  ...(role === 'admin' ? [{ value: 'refund', label: 'Refund given' }] : []),
                ]}
                value={kind}
                onChange={(event) => setKind(event.target.value as PaymentKind)}
              />
              <ChoiceField
                label="Method"
                options={METHOD_OPTIONS}
                value={method}
                onChange={(event) => setMethod(event.target.value as (typeof DESK_METHODS)[number])}
              />
              <Field
                label="Amount (₹)"
                inputMode="decimal"
                autoComplete="off"
                placeholder={booking.due_paise > 0 ? String(booking.due_paise / 100) : '0.00'}
                value={amount}
                error={amountWrong}
                onChange={(event) => setAmount(event.target.value)}
              />
              <Field
                label="Reference"
                maxLength={100}
                autoComplete="off"
                placeholder="Receipt, UPI or card slip"
                value={reference}
                error={referenceMissing}
                onChange={(event) => setReference(event.target.value)}
              />
            </div>
            {problem && (
              <p role="alert" className={styles.problem}>
                {problem}
              </p>
            )}
            <div className={styles.buttons}>
              <Button type="submit" busy={busy}>
                {kind === 'refund' ? 'Record refund' : 'Record payment'}
              </Button>
            </div>
          </form>
        )}
      </div>
    </PageDialog>
  );
}
