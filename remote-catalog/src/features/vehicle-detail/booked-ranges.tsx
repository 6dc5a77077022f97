import { BUSINESS_TIME_ZONE, formatDisplayDate, todayIn, type BookedRange } from '@rentora/shared';
import styles from './booked-ranges.module.css';

export interface BookedRangesProps {
  ranges: readonly BookedRange[];
}

/** The dates already taken, so a rider can pick free ones before opening the booking form. */
export function BookedRanges({ ranges }: BookedRangesProps) {
  const today = todayIn(BUSINESS_TIME_ZONE);
  // ISO dates compare as strings; ranges that ended before today no longer matter to a rider.
  const upcoming = ranges
    .filter((range) => range.drop_off_date >= today)
    .sort((a, b) => a.pick_up_date.localeCompare(b.pick_up_date));
  if (upcoming.length === 0) return null;

  return (
    <section className={styles.booked} aria-labelledby="booked-dates-heading">
      <h2 id="booked-dates-heading" className={styles.heading}>
        Already booked
      </h2>
      <ul className={styles.list}>
        {upcoming.map((range) => (
          <li key={`${range.pick_up_date}/${range.drop_off_date}`} className={styles.range}>
            {`Booked: ${formatDisplayDate(range.pick_up_date)} → ${formatDisplayDate(range.drop_off_date)}`}
          </li>
        ))}
      </ul>
    </section>
  );
}
