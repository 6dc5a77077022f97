import { Skeleton } from '@rentora/shared';
import styles from './page-skeleton.module.css';

/** What a page shows while its remote's code arrives. */
export function PageSkeleton() {
  return (
    <div className={styles.page} role="status" aria-busy="true">
      <span className="visually-hidden">Loading…</span>
      <Skeleton width="60%" height="2.5rem" />
      <Skeleton width="40%" height="1.25rem" />
      <Skeleton height="18rem" radius="var(--radius-lg)" />
    </div>
  );
}
