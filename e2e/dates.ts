import type { APIRequestContext, TestInfo } from '@playwright/test';
import type { BookedRange } from '@rentora/shared';
import { MAX_DAYS_AHEAD } from '@rentora/shared/rules';

/** Calendar date `days` from today, as YYYY-MM-DD in the business time zone. */
export function dateFromToday(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(date);
}

/**
 * This run of the test's share of the booking window. `--repeat-each` runs copies of a test side
 * by side, on the same cars: each copy books in days of its own. A worker's project does not
 * know the command line's count: playwright.config.ts passes it on (E2E_REPEAT_EACH).
 */
function lane(testInfo: TestInfo): { first: number; last: number } {
  const copies = Math.max(testInfo.project.repeatEach, Number(process.env.E2E_REPEAT_EACH) || 1);
  const width = Math.floor((MAX_DAYS_AHEAD - 1) / copies);
  const first = 1 + testInfo.repeatEachIndex * width;
  if (testInfo.repeatEachIndex >= copies)
    throw new Error(`copy ${testInfo.repeatEachIndex} of ${copies}: E2E_REPEAT_EACH is wrong`);
  return { first, last: first + width - 1 };
}

interface FreeDaysOptions {
  /** The first offset from today the test may start on. */
  earliest?: number;
  /** Further conditions on the first day's offset (the days in one month, …). */
  fits?: (start: number) => boolean;
  /** Any start that fits, not the first: for tests that share cars they do not name (a search's results). */
  atRandom?: boolean;
}

/**
 * The offset from today of `span` days in a row free on every one of `cars`, read from the API
 * (`GET /api/vehicles/{id}` names the ranges already booked or blocked): the days no earlier run
 * against the same database holds, so the suite runs again and again against one site.
 */
export async function freeDays(
  request: APIRequestContext,
  testInfo: TestInfo,
  cars: string[],
  span: number,
  { earliest = 1, fits = () => true, atRandom = false }: FreeDaysOptions = {},
): Promise<number> {
  const booked: BookedRange[] = [];
  for (const car of cars) {
    const answer = await request.get(`/api/vehicles/${encodeURIComponent(car)}`);
    if (!answer.ok()) throw new Error(`GET /api/vehicles/${car} answered ${answer.status()}`);
    booked.push(...((await answer.json()) as { booked: BookedRange[] }).booked);
  }
  const taken = (offset: number) => {
    const day = dateFromToday(offset);
    return booked.some((range) => range.pick_up_date <= day && day <= range.drop_off_date);
  };
  const { first, last } = lane(testInfo);
  const starts: number[] = [];
  for (let start = Math.max(first, earliest); start + span - 1 <= last; start += 1) {
    const days = Array.from({ length: span }, (_, index) => start + index);
    if (fits(start) && !days.some(taken)) starts.push(start);
  }
  const start = atRandom ? starts[Math.floor(Math.random() * starts.length)] : starts[0];
  if (start === undefined) {
    throw new Error(
      `No ${span} free days in a row on ${cars.join(', ')} between ${dateFromToday(first)} and ${dateFromToday(last)}: earlier runs hold them (README: the suite against a site).`,
    );
  }
  return start;
}
