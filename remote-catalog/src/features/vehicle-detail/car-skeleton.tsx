import { Skeleton } from '@rentora/shared';
import styles from './vehicle-detail.module.css';

/**
 * The car page's one skeleton: its parts stand where the page puts what they stand for, the same
 * size. The page shows them all while the car loads; its first paint, which has the car's own
 * fields, shows those the reader's session or the car's calendar decide.
 */
export const RatingSkeleton = () => <Skeleton className={styles.rating} width="8.5rem" height="1lh" />;

export const BookButtonSkeleton = () => (
  <Skeleton className={styles.bookButton} width="11rem" height="3.25rem" radius="var(--radius-pill)" />
);

/** Most first visits are signed out: the prompt's line is kept, so the calendar starts where it will. */
export const PromptSkeleton = () => (
  <p className={styles.prompt}>
    <Skeleton width="15rem" height="1lh" />
  </p>
);

export const CalendarSkeleton = () => (
  <Skeleton className={styles.calendar} height="var(--calendar-height)" radius="var(--radius-lg)" />
);

export function VehicleDetailSkeleton() {
  return (
    <div className={styles.page} aria-busy="true">
      <title>Rentora</title>
      <p className="visually-hidden" role="status">
        Loading car details…
      </p>
      <div className={styles.layout}>
        <Skeleton className={styles.mediaSkeleton} height="auto" radius="var(--radius-lg)" />
        <div className={styles.summary}>
          <Skeleton width="25%" height="0.9rem" />
          <Skeleton width="75%" height="2.75rem" />
          <RatingSkeleton />
          <Skeleton height="5.5rem" />
          <BookButtonSkeleton />
          <PromptSkeleton />
          <CalendarSkeleton />
        </div>
      </div>
    </div>
  );
}
