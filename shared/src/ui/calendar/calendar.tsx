import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { addDays } from '../../format/dates';
import type { BookedRange } from '../../types';
import {
  bookedDaysBetween,
  formatLongDate,
  formatMonth,
  monthOf,
  monthWeeks,
  shiftDayByMonths,
  weekdayOf,
} from './calendar-dates';
import styles from './calendar.module.css';

const WEEKDAYS = [
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
  ['Su', 'Sunday'],
] as const;

export interface CalendarProps {
  /** The grid's accessible name, e.g. 'Availability'. */
  label: string;
  /** Today in the business time zone: earlier days are muted. */
  today: string;
  booked: readonly BookedRange[];
  /** The range to highlight; either end may be '' (a range half picked). */
  selected?: BookedRange;
  /** Makes days choosable: Enter, Space or a click on a day for which `isChoosable` is true. */
  onChoose?: (day: string) => void;
  isChoosable?: (day: string) => boolean;
  /** A day's price, shown over the day on hover or focus and given as its description; none for a day without one. */
  priceOf?: (day: string) => DayPrice | undefined;
  className?: string;
}

export interface DayPrice {
  /** As the tooltip writes it, e.g. '₹30,000/day'. */
  text: string;
  /** A price of its own (a season, a festival), marked on the grid. */
  special: boolean;
}

/**
 * A month grid of one car's dates (the WAI-ARIA grid pattern): booked days marked in colour and
 * in their names, past days muted, a range highlighted. One day is in the tab order; arrows move
 * by day and week, Page Up/Down by month, Home/End to the week's ends.
 */
export function Calendar({ label, today, booked, selected, onChoose, isChoosable, priceOf, className }: CalendarProps) {
  const headingId = useId();
  const [focusedDay, setFocusedDay] = useState(selected?.pick_up_date || today);
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocusToGrid = useRef(false);
  const month = monthOf(focusedDay);
  const weeks = monthWeeks(month);
  const bookedDays = bookedDaysBetween(booked, `${month}-01`, `${month}-31`);

  // A new highlighted range (a search arriving, a date typed) brings its month into view.
  const selectedStart = selected?.pick_up_date ?? '';
  const [shownStart, setShownStart] = useState(selectedStart);
  if (selectedStart !== shownStart) {
    setShownStart(selectedStart);
    if (selectedStart) setFocusedDay(selectedStart);
  }

  useEffect(() => {
    if (!moveFocusToGrid.current) return;
    moveFocusToGrid.current = false;
    gridRef.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  }, [focusedDay]);

  const inRange = (day: string) =>
    selected !== undefined &&
    selected.pick_up_date !== '' &&
    day >= selected.pick_up_date &&
    day <= (selected.drop_off_date || selected.pick_up_date);

  function choose(day: string) {
    setFocusedDay(day);
    if (onChoose && (isChoosable?.(day) ?? true)) onChoose(day);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focusedDay, -1),
      ArrowRight: () => addDays(focusedDay, 1),
      ArrowUp: () => addDays(focusedDay, -7),
      ArrowDown: () => addDays(focusedDay, 7),
      PageUp: () => shiftDayByMonths(focusedDay, event.shiftKey ? -12 : -1),
      PageDown: () => shiftDayByMonths(focusedDay, event.shiftKey ? 12 : 1),
      Home: () => addDays(focusedDay, -weekdayOf(focusedDay)),
      End: () => addDays(focusedDay, 6 - weekdayOf(focusedDay)),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveFocusToGrid.current = true;
      setFocusedDay(move());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(focusedDay);
    }
  }

  const showMonth = (months: number) => setFocusedDay(shiftDayByMonths(focusedDay, months));

  return (
    <div className={[styles.calendar, className].filter(Boolean).join(' ')}>
      <div className={styles.header}>
        <button type="button" className={styles.nav} aria-label="Previous month" onClick={() => showMonth(-1)}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <p id={headingId} className={styles.month} aria-live="polite">
          {formatMonth(month)}
        </p>
        <button type="button" className={styles.nav} aria-label="Next month" onClick={() => showMonth(1)}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <table
        ref={gridRef}
        role="grid"
        aria-label={label}
        aria-describedby={headingId}
        className={styles.grid}
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={long} scope="col" abbr={long} className={styles.weekday}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, index) => (
            <tr key={index}>
              {week.map((day, weekday) =>
                day === null ? (
                  <td key={weekday} className={styles.blank} />
                ) : (
                  <DayCell
                    key={day}
                    day={day}
                    today={today}
                    booked={bookedDays.has(day)}
                    focused={day === focusedDay}
                    selected={selected}
                    inRange={inRange(day)}
                    choosable={onChoose ? (isChoosable?.(day) ?? true) : undefined}
                    price={priceOf?.(day)}
                    onClick={() => choose(day)}
                  />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className={styles.legend} aria-hidden="true">
        <li className={styles.legendBooked}>Booked</li>
        {selected && <li className={styles.legendSelected}>Your dates</li>}
        {priceOf && weeks.flat().some((day) => day !== null && priceOf(day)?.special) && (
          <li className={styles.legendSpecial}>Special price</li>
        )}
      </ul>
    </div>
  );
}

interface DayCellProps {
  day: string;
  today: string;
  booked: boolean;
  focused: boolean;
  selected: BookedRange | undefined;
  inRange: boolean;
  /** Undefined on a read-only calendar. */
  choosable: boolean | undefined;
  price: DayPrice | undefined;
  onClick: () => void;
}

function DayCell({ day, today, booked, focused, selected, inRange, choosable, price, onClick }: DayCellProps) {
  const priceId = useId();
  const isStart = inRange && day === selected?.pick_up_date;
  const isEnd = inRange && day === (selected?.drop_off_date || selected?.pick_up_date);
  const name = [
    formatLongDate(day),
    day === today && 'today',
    booked && 'booked',
    isStart && 'pick-up',
    isEnd && selected?.drop_off_date && 'drop-off',
  ]
    .filter(Boolean)
    .join(', ');
  const classes = [
    styles.day,
    day < today && styles.past,
    day === today && styles.today,
    booked && styles.booked,
    inRange && styles.inRange,
    isStart && styles.rangeStart,
    isEnd && styles.rangeEnd,
    price?.special && styles.special,
  ];
  return (
    <td
      role="gridcell"
      tabIndex={focused ? 0 : -1}
      aria-label={name}
      aria-selected={inRange}
      aria-disabled={choosable === false ? true : undefined}
      aria-describedby={price && priceId}
      className={classes.filter(Boolean).join(' ')}
      onClick={onClick}
    >
      <span className={styles.number} aria-hidden="true">
        {Number(day.slice(8))}
      </span>
      {price && (
        <span id={priceId} role="tooltip" className={styles.price}>
          {price.text}
        </span>
      )}
    </td>
  );
}
