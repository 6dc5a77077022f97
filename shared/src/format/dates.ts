const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` → `dd/mm/yyyy` (docs/product.md §9 date display). Anything else is shown unchanged. */
export function formatDisplayDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDate;
}

/** True when `YYYY-MM-DD` names a real calendar day (rejects 2026-02-30). */
export function isRealIsoDate(isoDate: string): boolean {
  const parsed = new Date(`${isoDate}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === isoDate;
}

/** One formatter per time zone: building a DateTimeFormat costs far more than using one. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** Today's calendar date in a time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = dayFormatIn(timeZone)
    .formatToParts(now)
    .reduce<Record<string, string>>((found, part) => ({ ...found, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The calendar date `days` after `isoDate` (both `YYYY-MM-DD`; `days` may be negative). */
export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days a rental occupies, pick-up and drop-off both counted. */
export function rentalDays(pickUpDate: string, dropOffDate: string): number {
  const span = Date.parse(`${dropOffDate}T00:00:00Z`) - Date.parse(`${pickUpDate}T00:00:00Z`);
  return Math.round(span / DAY_MS) + 1;
}

/** The zone the API uses unless its `BUSINESS_TZ` says otherwise; the pages start with it. */
export const BUSINESS_TIME_ZONE = 'Asia/Kolkata';

/** India Standard Time is UTC+05:30 all year round: India has kept no daylight saving since 1945. */
const INDIA_UTC_OFFSET_MS = (5 * 60 + 30) * 60_000;

/**
 * Today in the business time zone as YYYY-MM-DD, what the pages use. India's, the usual zone, is
 * worked out without Intl: a page's first Intl.DateTimeFormat loads ICU's date data, 60–120 ms of
 * main thread on a mid-range phone, on every first load. A unit test checks it against `todayIn`
 * over decades of instants. Any other zone (an API with another `BUSINESS_TZ`) goes through Intl.
 */
export function businessToday(timeZone: string = BUSINESS_TIME_ZONE, now: Date = new Date()): string {
  if (timeZone !== BUSINESS_TIME_ZONE) return todayIn(timeZone, now);
  return new Date(now.getTime() + INDIA_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** True when `timeZone` is an IANA zone this runtime knows; asks Intl only for a zone other than India's. */
export function isKnownTimeZone(timeZone: string): boolean {
  if (timeZone === BUSINESS_TIME_ZONE) return true;
  try {
    dayFormatIn(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** An instant's time of day on the reader's own clock, as a hold's end is told: '5:05 pm'. */
export function formatTimeOfDay(isoInstant: string): string {
  return new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' }).format(new Date(isoInstant));
}
