import type {
  BookedRange,
  BookingPayment,
  CheckoutResult,
  DateChange,
  DateChangeQuote,
  Quote,
  VerifiedPayment,
} from '@rentora/shared';
import { $token, apiUrl } from '@rentora/state';

/** Every call here is bounded: the dialog never waits on the server for longer than this. */
const CALL_TIMEOUT_MS = 15_000;

export const CANNOT_REACH = 'The server could not be reached. Check your connection and try again.';
/** The status of a call no answer came back to: the server may or may not have acted on it. */
export const NO_ANSWER = 0;

/** What the server answered: its body when it said yes, its message (and a fresh quote) when it said no. */
export type Answer<T> = { ok: true; body: T } | { ok: false; status: number; message: string; quote?: Quote };

async function call<T>(path: string, init: RequestInit = {}, signal?: AbortSignal): Promise<Answer<T>> {
  const token = $token.get();
  if (!token) return { ok: false, status: 401, message: 'Please log in again.' };
  // Ended by the caller (a newer preview) or by the time limit, whichever comes first.
  const ending = new AbortController();
  const timer = setTimeout(() => ending.abort(), CALL_TIMEOUT_MS);
  signal?.addEventListener('abort', () => ending.abort(), { once: true });
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      ...init,
      headers: { ...init.headers, Authorization: `Bearer ${token}` },
      signal: ending.signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, status: NO_ANSWER, message: CANNOT_REACH };
  } finally {
    clearTimeout(timer);
  }
  const body = (await response.json().catch(() => ({}))) as T & { message?: string; quote?: Quote };
  if (response.ok) return { ok: true, body };
  return {
    ok: false,
    status: response.status,
    message: body.message ?? `The server answered ${response.status}.`,
    ...(body.quote && { quote: body.quote }),
  };
}

const postJson = (payload: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(payload),
});

/** `GET /api/rentals/{id}/change`: the new total and how the difference is settled, before confirming. */
export const previewChange = (rentalId: number, range: BookedRange, signal: AbortSignal) =>
  call<DateChangeQuote>(`/api/rentals/${rentalId}/change?${new URLSearchParams({ ...range }).toString()}`, {}, signal);

/** `POST /api/rentals/{id}/change` with the quote the customer saw; one key per attempt, so a retry never changes twice. */
export const submitChange = (rentalId: number, range: BookedRange, quoteId: string, idempotencyKey: string) =>
  call<DateChange>(
    `/api/rentals/${rentalId}/change`,
    postJson({ ...range, quote_id: quoteId }, { 'Idempotency-Key': idempotencyKey }),
  );

/** `POST /api/payments/{id}/verify` with what Checkout handed back. */
export const verifyPayment = (paymentId: number, result: CheckoutResult) =>
  call<VerifiedPayment>(`/api/payments/${paymentId}/verify`, postJson(result));

/** `POST /api/rentals/{id}/payment`: the payment a held booking (or change) waits for, to open Checkout on again. */
export const reopenPayment = (rentalId: number) =>
  call<BookingPayment>(`/api/rentals/${rentalId}/payment`, { method: 'POST' });
