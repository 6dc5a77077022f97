import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, oneLine } from '@rentora/shared';
import { MAX_NOTE_LENGTH } from '@rentora/shared/operator';
import fieldStyles from './choice-field.module.css';
import styles from './confirm-dialog.module.css';
import { PageDialog } from './page-dialog';

export interface ConfirmDialogProps {
  title: string;
  /** What will happen, in words. */
  children: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  /** Asks for a reason, kept with the change. */
  reasonLabel?: string;
  /** Whether the change needs its reason (the default) or may go without one. */
  reasonRequired?: boolean;
  /** Does the change; a rejection keeps the dialog open so the reader can try again. */
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}

/** A change that needs a second look: a dialog naming it, with a reason when the history keeps one. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  tone = 'primary',
  reasonLabel,
  reasonRequired = true,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await onConfirm(oneLine(reason));
      onClose();
    } catch {
      setBusy(false);
    }
  }

  return (
    <PageDialog titleId={titleId} onClose={onClose}>
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <div className={styles.body}>{children}</div>
        {reasonLabel && (
          <div className={styles.reason}>
            <label htmlFor={reasonId} className={fieldStyles.label}>
              {reasonLabel}
            </label>
            <textarea
              id={reasonId}
              className={fieldStyles.textarea}
              value={reason}
              required={reasonRequired}
              maxLength={MAX_NOTE_LENGTH}
              rows={3}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
        )}
        <div className={styles.buttons}>
          <Button variant="ghost" onClick={onClose}>
            Keep as is
          </Button>
          <Button type="submit" variant={tone} busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </PageDialog>
  );
}
