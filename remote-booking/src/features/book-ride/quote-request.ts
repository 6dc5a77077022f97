import type { MessageAnswer, Quote, QuoteRequest } from '@rentora/shared';
import { apiUrl } from '@rentora/state';

/** The add-ons offered now (`GET /api/add-ons`), read through the page's read stores. */
export const ADD_ONS_PATH = '/api/add-ons';

export type QuoteAnswer = { quote: Quote } | { refusal: string };

/**
 * Asks the API what a rental costs (`POST /api/quotes`, docs/product.md §10). The page never
 * works a price out itself: every figure the summary shows is the answer's. Undefined when the
 * server cannot be reached or the request was given up for a newer one.
 */
export async function requestQuote(request: QuoteRequest, signal: AbortSignal): Promise<QuoteAnswer | undefined> {
  try {
    const response = await fetch(apiUrl('/api/quotes'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
      signal,
    });
    const body = (await response.json()) as Quote | MessageAnswer;
    return response.ok ? { quote: body as Quote } : { refusal: (body as MessageAnswer).message };
  } catch {
    return undefined;
  }
}
