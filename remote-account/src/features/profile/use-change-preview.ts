import {
  DATE_RANGE_MESSAGES,
  MAX_RENTAL_DAYS,
  checkDateRange,
  isIsoDate,
  rentalDays,
  type BookedRange,
  type DateChangeQuote,
} from '@rentora/shared';
import { useEffect, useState } from 'react';
import { previewChange } from './change-dates-api';

/** Typing a date sends one preview once the customer pauses, not one per keystroke. */
const PREVIEW_DELAY_MS = 300;

export const DROP_OFF_PAST = 'Drop-off cannot be in the past.';

export type Preview =
  | { state: 'unchanged' }
  | { state: 'invalid'; field: keyof BookedRange; message: string }
  | { state: 'loading' }
  | { state: 'ready'; quote: DateChangeQuote }
  | { state: 'refused'; message: string };

/** Checks the dates as the server will: the booking's rules, or for a rental under way its drop-off only. */
function problemOf(range: BookedRange, underWay: boolean, today: string): Preview | undefined {
  if (underWay) {
    const drop = range.drop_off_date;
    const message = !isIsoDate(drop)
      ? DATE_RANGE_MESSAGES.chooseDropOff
      : drop < today
        ? DROP_OFF_PAST
        : rentalDays(range.pick_up_date, drop) > MAX_RENTAL_DAYS
          ? DATE_RANGE_MESSAGES.tooLong
          : undefined;
    return message === undefined ? undefined : { state: 'invalid', field: 'drop_off_date', message };
  }
  const errors = checkDateRange(range, today);
  if (errors.pick_up_date) return { state: 'invalid', field: 'pick_up_date', message: errors.pick_up_date };
  if (errors.drop_off_date) return { state: 'invalid', field: 'drop_off_date', message: errors.drop_off_date };
  return undefined;
}

/**
 * What the new dates would cost, asked of the server (`GET /api/rentals/{id}/change`) a moment
 * after they stop changing; a newer range cancels the older question. `version` asks again for
 * the same dates (after a refused change, say).
 */
export function useChangePreview(
  rentalId: number | undefined,
  range: BookedRange,
  current: BookedRange,
  underWay: boolean,
  today: string,
  version: number,
): Preview {
  const unchanged = range.pick_up_date === current.pick_up_date && range.drop_off_date === current.drop_off_date;
  const problem = unchanged ? undefined : problemOf(range, underWay, today);
  const [answer, setAnswer] = useState<{ key: string; preview: Preview }>();
  const key = `${rentalId}|${range.pick_up_date}|${range.drop_off_date}|${version}`;
  const ask = rentalId !== undefined && !unchanged && problem === undefined;

  useEffect(() => {
    if (!ask || rentalId === undefined) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      previewChange(rentalId, range, controller.signal)
        .then((result) =>
          setAnswer({
            key,
            preview: result.ok ? { state: 'ready', quote: result.body } : { state: 'refused', message: result.message },
          }),
        )
        .catch(() => undefined);
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `key` names the range and the rental: the effect runs again exactly when either changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ask]);

  if (unchanged) return { state: 'unchanged' };
  if (problem) return problem;
  return answer?.key === key ? answer.preview : { state: 'loading' };
}
