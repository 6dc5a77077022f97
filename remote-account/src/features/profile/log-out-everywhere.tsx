import { Button } from '@rentora/shared';
import { $token, logOutEverywhere, showToast } from '@rentora/state';
import { useEffect, useId, useRef, useState } from 'react';
import styles from './log-out-everywhere.module.css';

/** What the Profile modal says about ending every session (docs/product.md §8). */
export const LOG_OUT_EVERYWHERE_MESSAGES = {
  done: 'You’ve been logged out on every device!',
  failed: 'Couldn’t log out everywhere. Please try again.',
} as const;

export interface LogOutEverywhereProps {
  /** Called once this browser's session has ended: the modal closes. */
  onLoggedOut: () => void;
  className?: string;
}

/**
 * 'Log out everywhere': ends every session of the account, this one included. It waits for the
 * server, and says so when it could not be done rather than pretending.
 */
export function LogOutEverywhere({ onLoggedOut, className }: LogOutEverywhereProps) {
  const hintId = useId();
  const [sending, setSending] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const failedOnce = useRef(false);

  // The button was disabled while sending, which took its focus: give it back after a failure.
  useEffect(() => {
    if (!sending && failedOnce.current) containerRef.current?.querySelector('button')?.focus();
  }, [sending]);

  async function logOutOfEveryDevice() {
    setSending(true);
    const done = await logOutEverywhere();
    if (done) {
      onLoggedOut();
      showToast('success', LOG_OUT_EVERYWHERE_MESSAGES.done);
      return;
    }
    showToast('error', LOG_OUT_EVERYWHERE_MESSAGES.failed);
    // A token the server refused has ended the session here all the same.
    if ($token.get() === undefined) {
      onLoggedOut();
      return;
    }
    failedOnce.current = true;
    setSending(false);
  }

  return (
    <div ref={containerRef} className={[styles.sessions, className].filter(Boolean).join(' ')}>
      <div className={styles.text}>
        <p className={styles.question}>Signed in somewhere else?</p>
        <p id={hintId} className={styles.hint}>
          End every session on all your devices, this one included.
        </p>
      </div>
      <Button
        variant="ghost"
        className={styles.action}
        busy={sending}
        aria-describedby={hintId}
        onClick={() => void logOutOfEveryDevice()}
      >
        Log out everywhere
      </Button>
    </div>
  );
}
