import { type BookingPayment, type CheckoutResult, openCheckout } from '@rentora/shared';
import { useEffect, useRef, useState } from 'react';
import { $token, newIdempotencyKey, refreshUser, refreshVehicle } from '@rentora/state';
import { verifyPayment } from './verify-payment';

/** Where paying for a held booking stands (docs/product.md §11). */
export type PaymentStage =
  /** The amount is shown; Checkout has not been opened yet. */
  | { kind: 'due' }
  | { kind: 'opening' }
  | { kind: 'open' }
  | { kind: 'verifying' }
  | { kind: 'paid'; message: string }
  /** The gateway declined the attempt: nothing was charged, another may be made while the hold lasts. */
  | { kind: 'declined'; reason: string }
  /** Checkout was closed without paying. */
  | { kind: 'dismissed' }
  /** Checkout's script could not be loaded. */
  | { kind: 'unavailable' }
  /** The API refused what Checkout reported (a signature, another order): nothing was confirmed. */
  | { kind: 'refused'; message: string }
  /** Paid, but the API could not be asked: the same check may be sent again. */
  | { kind: 'unconfirmed'; message: string; result: CheckoutResult; key: string }
  /** Paid after the hold lapsed and the dates went to someone else: the money goes back by itself. */
  | { kind: 'lapsed'; message: string };

const DECLINED = 'The payment did not go through.';

/** Stages after which the customer acts again: focus returns to the wizard's button. */
const SETTLED: ReadonlySet<PaymentStage['kind']> = new Set([
  'due',
  'paid',
  'declined',
  'dismissed',
  'unavailable',
  'refused',
  'unconfirmed',
  'lapsed',
]);

/** Whether the hold has ended by the browser's clock: a timer set for when it is due to end. */
function useHoldEnded(expiresAt: string | undefined): boolean {
  const [endedHold, setEndedHold] = useState<string>();
  useEffect(() => {
    if (expiresAt === undefined) return undefined;
    // Timers longer than 2^31 ms fire at once; a hold is at most an hour.
    const left = Math.min(Math.max(Date.parse(expiresAt) - Date.now(), 0), 2 ** 31 - 1);
    const timer = setTimeout(() => setEndedHold(expiresAt), left);
    return () => clearTimeout(timer);
  }, [expiresAt]);
  return expiresAt !== undefined && endedHold === expiresAt;
}

/**
 * Paying for the booking the wizard just made: opens the gateway's Checkout for its order, sends
 * what Checkout hands back to the API (one Idempotency-Key per result), and says where it stands.
 * A declined attempt or a closed Checkout may be followed by another while the hold lasts.
 */
export function usePayment(payment: BookingPayment | undefined, vehicleId: string, carName: string) {
  const [stage, setStage] = useState<PaymentStage>({ kind: 'due' });
  const holdEnded = useHoldEnded(payment?.expires_at);
  const closeCheckout = useRef<(() => void) | undefined>(undefined);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // The wizard closed with Checkout open: Checkout goes with it.
      closeCheckout.current?.();
    };
  }, []);

  const update = (next: PaymentStage) => {
    if (mounted.current) setStage(next);
  };

  async function verify(result: CheckoutResult, key: string) {
    if (!payment) return;
    update({ kind: 'verifying' });
    const answer = await verifyPayment(payment.id, result, $token.get() ?? '', key);
    // Confirmed, refunded or refused: the rental's state changed or is as it was; every open view reads it again.
    void refreshUser();
    refreshVehicle(vehicleId);
    if (answer.kind === 'confirmed') update({ kind: 'paid', message: answer.message });
    else if (answer.kind === 'lapsed') update({ kind: 'lapsed', message: answer.message });
    else if (answer.kind === 'refused') update({ kind: 'refused', message: answer.message });
    else update({ kind: 'unconfirmed', message: answer.message, result, key });
  }

  async function pay() {
    if (!payment) return;
    // Paid but not yet confirmed: checking again is always allowed, the hold ended or not.
    if (stage.kind === 'unconfirmed') {
      await verify(stage.result, stage.key);
      return;
    }
    if (holdEnded) return;
    update({ kind: 'opening' });
    try {
      closeCheckout.current = await openCheckout(payment, carName, {
        onPaid: (result) => {
          closeCheckout.current = undefined;
          void verify(result, newIdempotencyKey());
        },
        onFailed: (failure) => {
          closeCheckout.current = undefined;
          update({ kind: 'declined', reason: failure.error?.description ?? DECLINED });
        },
        onDismissed: () => {
          closeCheckout.current = undefined;
          update({ kind: 'dismissed' });
        },
      });
      update({ kind: 'open' });
    } catch {
      update({ kind: 'unavailable' });
    }
  }

  return { stage, ...paymentStanding(stage, holdEnded), pay };
}

/** What the wizard shows and allows for a payment stage, once the hold has ended or not. */
export function paymentStanding(stage: PaymentStage, holdEnded: boolean) {
  const busy = stage.kind === 'opening' || stage.kind === 'open' || stage.kind === 'verifying';
  const answered = stage.kind === 'paid' || stage.kind === 'lapsed';
  // Checkout open as the hold ends may still be paid, and a payment made but not yet confirmed
  // was made: the API settles either, so neither is an ended hold with nothing charged.
  const ended = holdEnded && !busy && !answered && stage.kind !== 'unconfirmed';
  return {
    /** The hold ended before anything was paid (by the browser's clock): nothing more can be paid. */
    holdEnded: ended,
    /** Under way: the wizard's button waits. */
    busy,
    /** Nothing more to do but close the wizard. */
    finished: answered || ended,
    /** Changes whenever the customer has something to do again: the wizard's button takes focus. */
    settled: ended ? 'ended' : SETTLED.has(stage.kind) ? stage.kind : undefined,
  };
}
