import { Skeleton } from '@rentora/shared';
import type { PageName } from '@rentora/state';
import styles from './page-skeleton.module.css';

/**
 * What a page shows while its remote's code arrives, shaped like the page, so the prerendered
 * shell already looks like what replaces it (the home page's dark hero, a list, a car).
 */
export function PageSkeleton({ page }: { page: PageName }) {
  if (page === 'home') {
    return (
      <div className={styles.hero} role="status" aria-busy="true">
        <span className="visually-hidden">Loading…</span>
      </div>
    );
  }
  return (
    <div className={styles.page} role="status" aria-busy="true">
      <span className="visually-hidden">Loading…</span>
      <Skeleton width="60%" height="2.5rem" />
      <Skeleton width="40%" height="1.25rem" />
      <div className={page === 'vehicle' ? styles.vehicle : styles.cards}>
        <Skeleton height="18rem" radius="var(--radius-lg)" />
        <Skeleton height="18rem" radius="var(--radius-lg)" />
        {page === 'fleet' && <Skeleton height="18rem" radius="var(--radius-lg)" />}
      </div>
    </div>
  );
}
