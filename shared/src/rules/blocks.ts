import { rentalDays } from '../format/dates';
import { isIsoDate } from './date-range';

/** A car is kept off the road for at most this many days at once, both ends counted. */
export const MAX_BLOCK_DAYS = 180;

export const BLOCK_MESSAGES = {
  realDates: 'Give start_date and end_date as real dates written YYYY-MM-DD.',
  startPast: 'A block cannot start in the past.',
  endBeforeStart: 'A block must end on or after its first day.',
  tooLong: `A block can last at most ${MAX_BLOCK_DAYS} days.`,
} as const;

/** The rules of a maintenance block's dates, for the operator's form and the API alike; undefined when they hold. */
export function checkBlockDates(start: string, end: string, today: string): string | undefined {
  if (!isIsoDate(start) || !isIsoDate(end)) return BLOCK_MESSAGES.realDates;
  if (start < today) return BLOCK_MESSAGES.startPast;
  if (end < start) return BLOCK_MESSAGES.endBeforeStart;
  if (rentalDays(start, end) > MAX_BLOCK_DAYS) return BLOCK_MESSAGES.tooLong;
  return undefined;
}
