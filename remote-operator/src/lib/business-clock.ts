import { instantOfWallClock, wallClockAsUtc } from '@rentora/shared';

/**
 * The desk types a return's time as the business's wall clock (`YYYY-MM-DDTHH:mm`, a
 * datetime-local input), whatever zone the browser is in; the API takes an instant with a zone.
 */
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** Now on the business's wall clock, to the minute, as a datetime-local input holds it. */
export function wallClockNow(timeZone: string, now: number = Date.now()): string {
  return new Date(wallClockAsUtc(now, timeZone)).toISOString().slice(0, 16);
}

/** A wall-clock time in the zone (`YYYY-MM-DDTHH:mm`) as an ISO 8601 instant, or undefined for one that is not a time. */
export function wallClockToIso(wallClock: string, timeZone: string): string | undefined {
  if (!WALL_CLOCK.test(wallClock)) return undefined;
  const asUtc = Date.parse(`${wallClock}:00Z`);
  if (Number.isNaN(asUtc)) return undefined;
  return new Date(instantOfWallClock(asUtc, timeZone)).toISOString();
}
