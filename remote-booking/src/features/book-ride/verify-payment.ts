import type { CheckoutResult } from '@rentora/shared';
import { apiUrl } from '@rentora/state';

/** What the API made of a payment Checkout reported (docs/product.md §11). */
export type Verification =
  | { kind: 'confirmed'; message: string }
  /** 409: the hold had lapsed and the dates were booked since; the money goes back by itself. */
  | { kind: 'lapsed'; message: string }
  /** 400 and the like: nothing was charged or confirmed; another attempt may be made. */
  | { kind: 'refused'; message: string }
  /** No answer, or the gateway could not be asked: the same check may be sent again. */
  | { kind: 'unknown'; message: string };

export const VERIFY_UNREACHABLE =
  'We could not confirm your payment just now. If money left your account, it will be confirmed or refunded within minutes.';

/** Long enough for the API's own call to the gateway (8 s) and its answer. */
const VERIFY_TIMEOUT_MS = 20_000;

/**
 * Sends Checkout's three fields to `POST /api/payments/{id}/verify`. `idempotencyKey` belongs to
 * this result: sent again (after no answer), the API answers it once.
 */
export async function verifyPayment(
  paymentId: number,
  result: CheckoutResult,
  token: string,
  idempotencyKey: string,
): Promise<Verification> {
  let response: Response;
  try {
    response = await fetch(apiUrl(`/api/payments/${encodeURIComponent(paymentId)}/verify`), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        'Idempotency-Key': idempotencyKey,
      },
      body: JSON.stringify({
        razorpay_order_id: result.razorpay_order_id,
        razorpay_payment_id: result.razorpay_payment_id,
        razorpay_signature: result.razorpay_signature,
      }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
  } catch {
    return { kind: 'unknown', message: VERIFY_UNREACHABLE };
  }
  const message = await response
    .json()
    .then((body: { message?: unknown }) => (typeof body.message === 'string' ? body.message : ''))
    .catch(() => '');
  if (response.ok) return { kind: 'confirmed', message };
  if (response.status === 409) return { kind: 'lapsed', message };
  if (response.status >= 500 || response.status === 429) return { kind: 'unknown', message: VERIFY_UNREACHABLE };
  return { kind: 'refused', message: message || 'This payment could not be confirmed. Please try again.' };
}
