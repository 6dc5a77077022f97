import type { BookingWithPayment, CheckoutResult } from '@rentora/shared';
import { apiUrl } from '@rentora/state';
import type { TestAccount } from './accounts';

/**
 * Pays a held booking as the browser does after Checkout: the stand-in's `pay` call (what its
 * checkout page's Pay button makes), then the API's verify with what it answered.
 */
export async function payHeldBooking(account: TestAccount, payment: BookingWithPayment['payment']): Promise<void> {
  const gateway = new URL(payment.checkout_script).origin;
  const paid = await fetch(`${gateway}/v1/orders/${encodeURIComponent(payment.order_id)}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome: 'success' }),
  });
  const result = (await paid.json()) as CheckoutResult;
  const verified = await fetch(apiUrl(`/api/payments/${payment.id}/verify`), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${account.token}` },
    body: JSON.stringify(result),
  });
  if (!verified.ok) throw new Error(`The payment was not confirmed: ${verified.status}`);
}
