import type { Rental, CancellationQuote } from '@rentora/shared';
import { refreshUser } from '@rentora/state';
import { useEffect, useState } from 'react';
import { authorizedFetch } from '../../lib/rentals-api';
import { findOpenTwin } from './open-twin';
import { rentalKey } from './use-rental-invoices';

export type CancellationQuoteState =
  | { kind: 'loading' }
  | { kind: 'ready'; quote: CancellationQuote }
  | { kind: 'failed' }
  /** The customer's rentals, read now, hold no such rental still open: cancelled elsewhere. */
  | { kind: 'gone' };

/**
 * What cancelling the rental now would refund and keep, and by which rule
 * (`GET /api/rentals/{id}/cancellation`, docs/product.md §11). The profile's rental has no id of
 * its own (docs/product.md §3): its `GET /api/rentals` twin names it. `retry` asks again.
 */
export function useCancellationQuote(rental: Pick<Rental, 'car' | 'pick_up_date' | 'drop_off_date'>) {
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{
    key: string;
    attempt: number;
    quote: CancellationQuote | undefined;
    gone: boolean;
  }>();
  const key = rentalKey(rental);

  useEffect(() => {
    let current = true;
    void (async () => {
      const twin = await findOpenTwin(rental);
      const response = twin && (await authorizedFetch(`/api/rentals/${twin.id}/cancellation`));
      const quote = response
        ? ((await response.json().catch(() => undefined)) as CancellationQuote | undefined)
        : undefined;
      const gone = twin === null;
      // The profile shows the rental as it is now.
      if (gone) void refreshUser();
      if (current) setAnswer({ key, attempt, quote, gone });
    })();
    return () => {
      current = false;
    };
    // The rental's car and dates (its key) are its identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  // An answer to an earlier question (another attempt, another rental) is still loading this one.
  const state: CancellationQuoteState =
    answer?.key !== key || answer.attempt !== attempt
      ? { kind: 'loading' }
      : answer.quote
        ? { kind: 'ready', quote: answer.quote }
        : answer.gone
          ? { kind: 'gone' }
          : { kind: 'failed' };
  return { state, retry: () => setAttempt((count) => count + 1) };
}
