import { Button, StatusIcon } from '@rentora/shared';
import { type AuthOutcome } from '@rentora/state';
import styles from './auth-response.module.css';

export interface AuthResponseProps {
  outcome: AuthOutcome;
  /** 'Login' or 'Sign Up': the view the user came from. */
  viewTitle: string;
  onDone: () => void;
  onRetry: () => void;
}

/** The result card after a login or sign-up answer (docs/product.md §2, Response view). */
export function AuthResponse({ outcome, viewTitle, onDone, onRetry }: AuthResponseProps) {
  return (
    <div className={[styles.card, outcome.ok ? styles.success : styles.failure].join(' ')}>
      <StatusIcon kind={outcome.ok ? 'success' : 'error'} label={outcome.ok ? 'Success' : 'Failed'} size={56} />
      <p className={styles.message}>{outcome.message}</p>
      {outcome.ok ? (
        <Button size="lg" className={styles.action} onClick={onDone}>
          Done
        </Button>
      ) : (
        <Button size="lg" className={styles.action} onClick={onRetry}>
          {`${viewTitle} Again!`}
        </Button>
      )}
    </div>
  );
}
