import { useId } from 'react';
import { formatDisplayDate, type BookedRange } from '@rentora/shared';
import styles from './booked-dates.module.css';

export interface BookedDatesProps {
  booked: readonly BookedRange[];
  today: string;
}

/** The car's taken ranges from today on, so the user can pick free dates before submitting. */
export function BookedDates({ booked, today }: BookedDatesProps) {
  const headingId = useId();
  const upcoming = booked
    .filter((range) => range.drop_off_date >= today)
    .sort((a, b) => a.pick_up_date.localeCompare(b.pick_up_date));
  return (
    <section className={styles.booked} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        Already booked
      </h3>
      {upcoming.length === 0 ? (
        <p className={styles.empty}>No bookings yet: every date is open.</p>
      ) : (
        <ul className={styles.list}>
          {upcoming.map((range) => (
            <li key={range.pick_up_date} className={styles.range}>
              {formatDisplayDate(range.pick_up_date)} → {formatDisplayDate(range.drop_off_date)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
