import { useEffect, useState } from 'react';
import type { BookedRange, Quote, QuoteRequest } from '@rentora/shared';
import { requestQuote } from './quote-request';

/** Dates typed a digit at a time pass through valid days on the way: ask once they settle. */
const SETTLE_MS = 150;

export interface QuoteState {
  /** The quote for exactly what is chosen now, once it has come. */
  quote: Quote | undefined;
  /** A quote is on its way for what is chosen now. */
  pending: boolean;
}

/**
 * The quote for the chosen car, dates, add-ons and GSTIN, asked again whenever one changes.
 * Nothing is asked while the dates are incomplete or clash (`range` undefined).
 */
export function useQuote(
  vehicleId: string,
  range: BookedRange | undefined,
  addOns: readonly number[],
  gstin: string | undefined,
): QuoteState {
  const request: QuoteRequest | undefined = range && {
    vehicle_id: vehicleId,
    ...range,
    ...(addOns.length > 0 && { add_ons: [...addOns].sort((a, b) => a - b) }),
    ...(gstin !== undefined && { gstin }),
  };
  const key = request && JSON.stringify(request);
  const [answered, setAnswered] = useState<{ key: string; quote: Quote | undefined }>();

  useEffect(() => {
    if (key === undefined) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void requestQuote(JSON.parse(key) as QuoteRequest, controller.signal).then((answer) => {
        if (!controller.signal.aborted)
          setAnswered({ key, quote: answer && 'quote' in answer ? answer.quote : undefined });
      });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  const current = key !== undefined && answered?.key === key ? answered : undefined;
  return { quote: current?.quote, pending: key !== undefined && current === undefined };
}
