import { todayIn } from '@rentora/shared/format';

const REFRESH_MS = 1_000;

/**
 * Today's date in the business time zone, recomputed at most once a second: formatting a date
 * in a time zone is one of the dearer steps of a cheap request, and the day changes rarely.
 */
export function createBusinessClock(timeZone: string, now: () => number = Date.now): () => string {
  let today = '';
  let validUntil = 0;
  return () => {
    const time = now();
    if (time >= validUntil) {
      today = todayIn(timeZone, new Date(time));
      validUntil = time + REFRESH_MS;
    }
    return today;
  };
}
