import type { BookedRange } from '../types';
import { formatDisplayDate } from '../format/dates';

/** Inclusive ranges of `YYYY-MM-DD` dates overlap when each starts on or before the other ends. */
export function rangesOverlap(a: BookedRange, b: BookedRange): boolean {
  return a.pick_up_date <= b.drop_off_date && b.pick_up_date <= a.drop_off_date;
}

export function findClash(booked: readonly BookedRange[], wanted: BookedRange): BookedRange | undefined {
  return booked.find((range) => rangesOverlap(range, wanted));
}

/** The message the API answers with a 409, and the booking wizard shows before sending. */
export function clashMessage(taken: BookedRange): string {
  return `This car is already booked from ${formatDisplayDate(taken.pick_up_date)} to ${formatDisplayDate(taken.drop_off_date)}. Please choose other dates.`;
}

/** Ranges that end today or later, earliest first: what still matters to a rider. */
export function upcomingRanges(booked: readonly BookedRange[], today: string): BookedRange[] {
  // YYYY-MM-DD dates compare correctly as strings.
  return booked
    .filter((range) => range.drop_off_date >= today)
    .sort((a, b) => a.pick_up_date.localeCompare(b.pick_up_date));
}
