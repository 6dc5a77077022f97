import { createHmac, timingSafeEqual } from 'node:crypto';

/** Two hex digests alike, compared in constant time. */
function sameDigest(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Checkout's signature on a successful payment: the lowercase hex HMAC-SHA256 of
 * `order_id|payment_id`, keyed with the key secret (Razorpay's payment verification).
 */
export function checkoutSignatureHolds(
  result: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
  keySecret: string,
): boolean {
  const expected = createHmac('sha256', keySecret)
    .update(`${result.razorpay_order_id}|${result.razorpay_payment_id}`)
    .digest('hex');
  return sameDigest(result.razorpay_signature, expected);
}

/**
 * A webhook's signature (`X-Razorpay-Signature`): the hex HMAC-SHA256 of the exact bytes received,
 * keyed with the webhook secret, checked before the body is parsed.
 */
export function webhookSignatureHolds(rawBody: Buffer, signature: string, webhookSecret: string): boolean {
  const expected = createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
  return sameDigest(signature, expected);
}
