import { type BookingPayment, type CheckoutResult, openCheckout as openGatewayCheckout } from '@rentora/shared';

export type CheckoutOutcome =
  { kind: 'paid'; result: CheckoutResult } | { kind: 'closed'; failure?: string } | { kind: 'unavailable' };

const DECLINED = 'The payment did not go through.';

/**
 * The gateway's Checkout for a change's payment, as one promise: settles once it is paid, or
 * closed (after a declined attempt, with its reason), or when its script could not be loaded.
 */
export function openCheckout(payment: BookingPayment, description: string): Promise<CheckoutOutcome> {
  return new Promise<CheckoutOutcome>((resolve) => {
    openGatewayCheckout(payment, description, {
      onPaid: (result) => resolve({ kind: 'paid', result }),
      onFailed: (failure) => resolve({ kind: 'closed', failure: failure.error?.description ?? DECLINED }),
      onDismissed: () => resolve({ kind: 'closed' }),
    }).catch(() => resolve({ kind: 'unavailable' }));
  });
}
