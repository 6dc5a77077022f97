import { Button } from '@rentora/shared';
import styles from './remote-error-panel.module.css';

export interface RemoteErrorPanelProps {
  what: string;
  titleId?: string | undefined;
  onRetry: () => void;
}

/** The inline panel a remote that cannot be loaded leaves in its place. */
export function RemoteErrorPanel({ what, titleId, onRetry }: RemoteErrorPanelProps) {
  return (
    <section className={styles.panel} role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        We couldn’t load {what}.
      </h2>
      <p className={styles.text}>Check your connection, then try again. The rest of Rentora still works.</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </section>
  );
}
