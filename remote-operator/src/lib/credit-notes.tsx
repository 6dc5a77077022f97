import { useId, useState, type FormEvent } from 'react';
import { Button, Field, formatDisplayDate, formatPaise, type CreditNote, type Invoice } from '@rentora/shared';
import { $role, showToast, useStore } from '@rentora/state';
import { MAX_NOTE_LENGTH } from '@rentora/shared/operator';
import { downloadCreditNotePdf, issueCreditNote } from './invoice-api';
import fieldStyles from './choice-field.module.css';
import styles from './credit-notes.module.css';

/** Rupees as typed, with paise or without, to integer paise; undefined when not an amount. */
function paiseOf(rupees: string): number | undefined {
  if (!/^\d+(?:\.\d{1,2})?$/.test(rupees.trim())) return undefined;
  return Math.round(Number(rupees) * 100);
}

const AMOUNT_FORMAT = 'Give an amount in rupees, like 1500 or 1500.50, or leave it empty to credit all that is left.';

function CreditNoteRow({ note }: { note: CreditNote }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadCreditNotePdf(note);
    } catch (error) {
      showToast('error', (error as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className={styles.note}>
      <div>
        <p className={styles.number}>{note.number}</p>
        <p className={styles.muted}>
          {formatDisplayDate(note.date)} · {note.reason}
        </p>
      </div>
      <p className={styles.amount}>−{formatPaise(note.total_paise)}</p>
      <Button
        variant="secondary"
        busy={busy}
        aria-label={`Download credit note ${note.number} as a PDF`}
        onClick={() => void download()}
      >
        PDF
      </Button>
    </li>
  );
}

/** An admin's form for a credit note: an amount (all that is left when empty) and the reason printed on it. */
function IssueForm({ invoice, onIssued }: { invoice: Invoice; onIssued: () => void }) {
  const reasonId = useId();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const paise = amount.trim() === '' ? undefined : paiseOf(amount);
    if (amount.trim() !== '' && (paise === undefined || paise === 0)) {
      setProblem(AMOUNT_FORMAT);
      return;
    }
    setProblem(undefined);
    setBusy(true);
    try {
      const note = await issueCreditNote(invoice.rental_id, { reason: reason.trim(), amount_paise: paise });
      showToast(
        'success',
        `Credit note ${note.number} issued: ${formatPaise(note.total_paise)} off ${invoice.number}.`,
      );
      setAmount('');
      setReason('');
      onIssued();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} aria-label="Issue a credit note" onSubmit={(event) => void submit(event)}>
      <Field
        label="Amount to credit (₹, tax included)"
        inputMode="decimal"
        placeholder={`All that is left: ${formatPaise(invoice.remaining_paise)}`}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <div className={fieldStyles.field}>
        <label htmlFor={reasonId} className={fieldStyles.label}>
          Reason (printed on the credit note)
        </label>
        <textarea
          id={reasonId}
          className={fieldStyles.textarea}
          required
          rows={2}
          maxLength={MAX_NOTE_LENGTH}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
      <Button type="submit" busy={busy}>
        Issue credit note
      </Button>
    </form>
  );
}

/**
 * An invoice's credit notes, what they leave of it, and (for admins, while something is left) a
 * form for another. The invoice above them stays as it was issued.
 */
export function CreditNotes({ invoice, onIssued }: { invoice: Invoice; onIssued: () => void }) {
  const titleId = useId();
  const role = useStore($role);
  const [issuing, setIssuing] = useState(false);
  const canIssue = role === 'admin' && invoice.remaining_paise > 0;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <header className={styles.head}>
        <h3 id={titleId} className={styles.title}>
          Credit notes
        </h3>
        <dl className={styles.sums}>
          <div>
            <dt>Credited</dt>
            <dd>{formatPaise(invoice.credited_paise)}</dd>
          </div>
          <div>
            <dt>Left of the invoice</dt>
            <dd>{formatPaise(invoice.remaining_paise)}</dd>
          </div>
        </dl>
      </header>
      {invoice.credit_notes.length > 0 ? (
        <ul className={styles.list}>
          {invoice.credit_notes.map((note) => (
            <CreditNoteRow key={note.id} note={note} />
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>None: the invoice stands in full.</p>
      )}
      {canIssue &&
        (issuing ? (
          <IssueForm
            invoice={invoice}
            onIssued={() => {
              setIssuing(false);
              onIssued();
            }}
          />
        ) : (
          <Button variant="secondary" onClick={() => setIssuing(true)}>
            Issue a credit note…
          </Button>
        ))}
    </section>
  );
}
