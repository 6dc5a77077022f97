import { Eyebrow, Skeleton } from '@rentora/shared';
import styles from './operator-layout.module.css';

/**
 * An operator page before its code and data: its heading and the table's place. Rendered at build
 * (pages.json), with the layout's own classes, so the page does not move when it arrives.
 */
export function OperatorSkeleton({ heading }: { heading: string }) {
  return (
    <div className={styles.page} aria-busy="true">
      <header className={styles.header}>
        <div className={styles.titles}>
          <Eyebrow ruled>Operations</Eyebrow>
          <h1 className={styles.heading}>{heading}</h1>
          <Skeleton width="min(100%, 28rem)" height="1.2em" />
        </div>
      </header>
      <div className={styles.sections}>
        <Skeleton width="22rem" height="2.25rem" radius="999px" />
      </div>
      <Skeleton height="18rem" radius="22px" />
    </div>
  );
}
