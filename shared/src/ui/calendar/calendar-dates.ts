import { addDays } from '../../format/dates';
import type { BookedRange } from '../../types';

/** `YYYY-MM` of a `YYYY-MM-DD` date. */
export const monthOf = (isoDate: string) => isoDate.slice(0, 7);

/** The first day of the month `months` after the month of `isoDate`, as `YYYY-MM-DD`. */
export function shiftMonth(isoDate: string, months: number): string {
  const [year = 0, month = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
}

/** The same day of the month `months` away, kept inside that month (31 January + 1 → 28 February). */
export function shiftDayByMonths(isoDate: string, months: number): string {
  const first = shiftMonth(isoDate, months);
  const lastDay = Number(addDays(shiftMonth(first, 1), -1).slice(8));
  const day = Math.min(Number(isoDate.slice(8)), lastDay);
  return `${first.slice(0, 8)}${String(day).padStart(2, '0')}`;
}

/** Monday = 0 … Sunday = 6. */
export function weekdayOf(isoDate: string): number {
  return (new Date(`${isoDate}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** Six Monday-first weeks (so the grid never changes height); days outside the month are null. */
export function monthWeeks(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const start = addDays(first, -weekdayOf(first));
  return Array.from({ length: 6 }, (_, week) =>
    Array.from({ length: 7 }, (_, day) => {
      const date = addDays(start, week * 7 + day);
      return monthOf(date) === month ? date : null;
    }),
  );
}

/** Every booked day in `[from, to]`, for marking a month. */
export function bookedDaysBetween(booked: readonly BookedRange[], from: string, to: string): Set<string> {
  const days = new Set<string>();
  for (const range of booked) {
    let day = range.pick_up_date > from ? range.pick_up_date : from;
    const last = range.drop_off_date < to ? range.drop_off_date : to;
    for (; day <= last; day = addDays(day, 1)) days.add(day);
  }
  return days;
}

// Written out rather than asked of Intl.DateTimeFormat, whose first use on a page loads ICU's
// date data (60–120 ms of main thread on a mid-range phone); a test compares them with Intl.
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** '2026-12' → 'December 2026'. */
export const formatMonth = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** '2026-12-12' → '12 December 2026'. */
export const formatLongDate = (isoDate: string) => `${Number(isoDate.slice(8, 10))} ${formatMonth(isoDate)}`;
