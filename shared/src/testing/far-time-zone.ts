import { BUSINESS_TIME_ZONE, todayIn } from '../format/dates';

/**
 * A time zone whose calendar date differs from India's right now, so a page still counting days
 * in India's time gives itself away: Kiritimati (UTC+14) is a day ahead from 10:00 to 18:30 UTC,
 * UTC-12 a day behind from 18:30 to 12:00 UTC the next day.
 */
export function farTimeZone(now: Date = new Date()): string {
  const india = todayIn(BUSINESS_TIME_ZONE, now);
  const zone = ['Pacific/Kiritimati', 'Etc/GMT+12'].find((candidate) => todayIn(candidate, now) !== india);
  if (zone === undefined) throw new Error('Every far zone shares India’s date: the clock is broken.');
  return zone;
}
