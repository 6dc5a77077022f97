/**
 * The desk types a return's time as the business's wall clock (`YYYY-MM-DDTHH:mm`, a
 * datetime-local input), whatever zone the browser is in; the API takes an instant with a zone.
 */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** The zone's wall-clock time at an instant, read as if it were UTC (epoch ms). */
function wallClockAsUtc(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    wallClockFormat(timeZone)
      .formatToParts(instant)
      .map(({ type, value }) => [type, Number(value)]),
  );
  return Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day, parts.hour, parts.minute, parts.second);
}

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
  const offsetAt = (instant: number) => wallClockAsUtc(instant, timeZone) - instant;
  // Twice: the offset at the first guess may differ from the one at that time (a DST change).
  return new Date(asUtc - offsetAt(asUtc - offsetAt(asUtc))).toISOString();
}
