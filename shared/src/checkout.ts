import type { BookingPayment, CheckoutResult } from './types';

/** What Razorpay Checkout hands `payment.failed`'s listeners. */
export interface CheckoutFailure {
  error?: { description?: string };
}

/** The part of Razorpay Checkout's API Rentora uses (the stand-in's script offers the same). */
interface CheckoutOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  handler: (result: CheckoutResult) => void;
  modal: { ondismiss: () => void };
}

interface CheckoutInstance {
  open(): void;
  close(): void;
  on(event: 'payment.failed', listener: (failure: CheckoutFailure) => void): void;
}

type CheckoutConstructor = new (options: CheckoutOptions) => CheckoutInstance;

declare global {
  interface Window {
    Razorpay?: CheckoutConstructor;
  }
}

/** A script that has not loaded by then will not: the customer is told and may try again. */
const SCRIPT_TIMEOUT_MS = 15_000;

const loading = new Map<string, Promise<CheckoutConstructor>>();

/**
 * The gateway's Checkout script (`payment.checkout_script`), loaded once per page: the API names
 * it, so the stand-in's and Razorpay's load the same way. A failed load is forgotten, so trying
 * again loads it again.
 */
export function loadCheckout(scriptUrl: string): Promise<CheckoutConstructor> {
  const ready = window.Razorpay;
  if (ready) return Promise.resolve(ready);
  let promise = loading.get(scriptUrl);
  if (!promise) {
    promise = new Promise<CheckoutConstructor>((resolve, reject) => {
      const script = document.createElement('script');
      const fail = () => {
        clearTimeout(timer);
        script.remove();
        loading.delete(scriptUrl);
        reject(new Error(`The checkout script ${scriptUrl} did not load.`));
      };
      const timer = setTimeout(fail, SCRIPT_TIMEOUT_MS);
      script.src = scriptUrl;
      script.async = true;
      script.addEventListener('error', fail);
      script.addEventListener('load', () => {
        clearTimeout(timer);
        if (window.Razorpay) resolve(window.Razorpay);
        else fail();
      });
      document.head.append(script);
    });
    loading.set(scriptUrl, promise);
  }
  return promise;
}

export interface CheckoutCallbacks {
  /** Paid: the three signed fields to verify with the API. */
  onPaid: (result: CheckoutResult) => void;
  /** The gateway declined this attempt; Checkout has been closed. */
  onFailed: (failure: CheckoutFailure) => void;
  /** The customer closed Checkout without paying. */
  onDismissed: () => void;
}

/**
 * While Checkout's frame lies over the page, a modal dialog under it must not hide it from screen
 * readers (`aria-modal` makes everything outside the dialog inert to them): answers the undoing.
 */
function yieldModal(): () => void {
  const modal = document.querySelector('[aria-modal="true"]');
  modal?.setAttribute('aria-modal', 'false');
  return () => modal?.setAttribute('aria-modal', 'true');
}

/**
 * Opens Checkout for a payment's order (a booking's, a change's); answers a way to close it (its
 * dialog closing with it open).
 */
export async function openCheckout(
  payment: BookingPayment,
  description: string,
  callbacks: CheckoutCallbacks,
): Promise<() => void> {
  const Checkout = await loadCheckout(payment.checkout_script);
  let restoreModal = () => {};
  const done = () => {
    restoreModal();
    restoreModal = () => {};
  };
  const checkout = new Checkout({
    key: payment.key_id,
    order_id: payment.order_id,
    amount: payment.amount_paise,
    currency: payment.currency,
    name: 'Rentora',
    description,
    handler: (result) => {
      done();
      callbacks.onPaid(result);
    },
    modal: {
      ondismiss: () => {
        done();
        callbacks.onDismissed();
      },
    },
  });
  // One attempt per opening: a declined payment closes Checkout and the page offers another.
  checkout.on('payment.failed', (failure) => {
    checkout.close();
    done();
    callbacks.onFailed(failure);
  });
  restoreModal = yieldModal();
  checkout.open();
  return () => {
    checkout.close();
    done();
  };
}
