/** One formatter per zone: building a DateTimeFormat costs far more than using one. */
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
export function wallClockAsUtc(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    wallClockFormat(timeZone)
      .formatToParts(instant)
      .map(({ type, value }) => [type, Number(value)]),
  );
  return Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The instant (epoch ms) a wall-clock time in the zone stands for, the time given as if it were UTC. */
export function instantOfWallClock(wallClockUtc: number, timeZone: string): number {
  const offsetAt = (instant: number) => wallClockAsUtc(instant, timeZone) - instant;
  // Twice: the offset at the first guess may differ from the offset at that time (a DST change).
  return wallClockUtc - offsetAt(wallClockUtc - offsetAt(wallClockUtc));
}

/** The instant (epoch ms) a calendar day (`YYYY-MM-DD`) starts in a time zone. */
export function startOfDayIn(date: string, timeZone: string): number {
  return instantOfWallClock(Date.parse(`${date}T00:00:00Z`), timeZone);
}
