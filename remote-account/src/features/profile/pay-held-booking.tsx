import { Button, formatTimeOfDay, type BookingPayment, type Rental } from '@rentora/shared';
import { refreshUser, showToast } from '@rentora/state';
import { useEffect, useRef, useState } from 'react';
import { NO_ANSWER, reopenPayment, verifyPayment } from './change-dates-api';
import { openCheckout } from './change-dates-checkout';
import { CHECKOUT_UNAVAILABLE, RENTAL_NOT_FOUND } from './change-dates';
import { findOpenTwin } from './open-twin';
import styles from './pay-held-booking.module.css';

export const LIST_UNREADABLE = 'Your rentals could not be read. Check your connection and try again.';
export const CONFIRMED_LATER =
  'Your payment went through, but it could not be confirmed yet: it will be, by itself, within a few minutes.';

const notPaidYet = (payment: BookingPayment, failure: string | undefined) =>
  `${failure ? `${failure} ` : ''}Not paid yet: the dates are held for you until ${formatTimeOfDay(payment.expires_at)}.`;

/**
 * 'Pay now' on a booking awaiting its online payment (docs/product.md §11): Checkout opens again
 * on the same order, and the booking is confirmed as in the wizard. Without it a customer who
 * closed Checkout could only wait for the hold to end and book again.
 */
export function PayHeldBooking({ rental }: { rental: Rental }) {
  const carName = rental.car.car_name;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  async function payFor(): Promise<string | undefined> {
    const twin = await findOpenTwin(rental);
    if (twin === undefined) return LIST_UNREADABLE;
    if (twin === null) return RENTAL_NOT_FOUND;
    const opened = await reopenPayment(twin.id);
    if (!opened.ok) {
      // Paid meanwhile, or its hold ended: the Profile shows the rental as it is now.
      if (opened.status === 409) void refreshUser();
      return opened.message;
    }
    const outcome = await openCheckout(opened.body, `Your ${carName}`);
    if (outcome.kind === 'unavailable') return CHECKOUT_UNAVAILABLE;
    if (outcome.kind === 'closed') return notPaidYet(opened.body, outcome.failure);
    const verified = await verifyPayment(opened.body.id, outcome.result);
    if (verified.ok) {
      showToast('success', verified.body.message);
      void refreshUser();
      return undefined;
    }
    // The gateway's webhook confirms a payment the API could not be asked about.
    if (verified.status === NO_ANSWER || verified.status >= 500) return CONFIRMED_LATER;
    void refreshUser();
    return verified.message;
  }

  async function pay() {
    setBusy(true);
    setProblem(undefined);
    const said = await payFor();
    if (!mounted.current) return;
    setBusy(false);
    setProblem(said);
  }

  return (
    <>
      <Button busy={busy} aria-label={`Pay now: ${carName}`} onClick={() => void pay()}>
        Pay now
      </Button>
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
    </>
  );
}
