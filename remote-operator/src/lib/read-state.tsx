import { Button } from '@rentora/shared';
import styles from './read-state.module.css';

/** What a list shows when its read failed: the server's message and a way to ask again. */
export function ReadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className={styles.failure}>
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
