import { useId } from 'react';
import { formatDisplayDate } from '../format/dates';
import { upcomingRanges } from '../rules/clash';
import type { BookedRange } from '../types';
import styles from './booked-dates.module.css';

export interface BookedDatesProps {
  booked: readonly BookedRange[];
  /** Today in the business time zone: ranges that ended before it are left out. */
  today: string;
  headingLevel?: 2 | 3;
  /** Shown when nothing is booked; without it the section is left out. */
  emptyText?: string;
  className?: string;
}

/** A car's taken dates as 'Booked: dd/mm/yyyy → dd/mm/yyyy', so a rider can pick free ones. */
export function BookedDates({ booked, today, headingLevel = 2, emptyText, className }: BookedDatesProps) {
  const headingId = useId();
  const upcoming = upcomingRanges(booked, today);
  if (upcoming.length === 0 && !emptyText) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={[styles.booked, className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.heading}>
        Already booked
      </Heading>
      {upcoming.length === 0 ? (
        <p className={styles.empty}>{emptyText}</p>
      ) : (
        <ul className={styles.list}>
          {upcoming.map((range) => (
            <li key={`${range.pick_up_date}/${range.drop_off_date}`} className={styles.range}>
              {`Booked: ${formatDisplayDate(range.pick_up_date)} → ${formatDisplayDate(range.drop_off_date)}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
