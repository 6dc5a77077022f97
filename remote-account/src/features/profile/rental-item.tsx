import { CarImage, formatDisplayDate, formatRupees, type Rental } from '@rentora/shared';
import { useEffect, useRef } from 'react';
import { AwaitingPayment } from './awaiting-payment';
import { ChangeDates } from './change-dates';
import { CancelRental } from './cancel-rental';
import { PayHeldBooking } from './pay-held-booking';
import { RentalInvoice } from './rental-invoice';
import type { RentalInvoice as RentalInvoiceData } from './use-rental-invoices';
import styles from './rental-item.module.css';

export interface RentalItemProps {
  rental: Rental;
  /** Its tax invoice, once the rental is completed. */
  invoice?: RentalInvoiceData | undefined;
  /** Called when the user follows a link out of the Profile: the modal closes. */
  onLeave?: () => void;
}

/** One rental: the car, its dates, days and total, and its status or the way to cancel it. */
export function RentalItem({ rental, invoice, onLeave }: RentalItemProps) {
  const { car, pick_up_date, drop_off_date, status, days, total_price } = rental;
  const cancelledRef = useRef<HTMLSpanElement>(null);
  const previousStatus = useRef(status);

  // Cancelling removes the focused button, leaving focus on the page or the dialog around
  // this item: hand it to the status that replaced the button.
  useEffect(() => {
    const justCancelled = previousStatus.current !== 'cancelled' && status === 'cancelled';
    previousStatus.current = status;
    const badge = cancelledRef.current;
    if (justCancelled && badge && document.activeElement?.contains(badge)) badge.focus();
  }, [status]);
  return (
    <li className={styles.rental}>
      <CarImage
        src={car.image_url}
        alt=""
        width={160}
        aspectRatio={4 / 3}
        sizes="(max-width: 479px) 96px, 136px"
        className={styles.image}
      />
      <div className={styles.details}>
        <p className={styles.brand}>{car.brand_name}</p>
        <p className={styles.name}>{car.car_name}</p>
        <p className={styles.dates}>{`${formatDisplayDate(pick_up_date)} → ${formatDisplayDate(drop_off_date)}`}</p>
        <p className={styles.cost}>{`${days} ${days === 1 ? 'day' : 'days'} · ${formatRupees(total_price)}`}</p>
      </div>
      <div className={styles.status}>
        {status === 'expired' ? (
          <span className={`${styles.badge} ${styles.expired}`}>Rental Expired</span>
        ) : status === 'in_progress' ? (
          // The car has been handed over: the rental can no longer be cancelled, only end later or sooner.
          <div className={styles.actions}>
            <span className={`${styles.badge} ${styles.inProgress}`}>Rental In Progress</span>
            <ChangeDates rental={rental} />
          </div>
        ) : status === 'cancelled' ? (
          <span ref={cancelledRef} tabIndex={-1} className={`${styles.badge} ${styles.cancelled}`}>
            Rental Cancelled
          </span>
        ) : (
          <>
            {status === 'awaiting_payment' && <AwaitingPayment holdExpiresAt={rental.hold_expires_at} />}
            <div className={styles.actions}>
              {status === 'awaiting_payment' ? <PayHeldBooking rental={rental} /> : <ChangeDates rental={rental} />}
              <CancelRental carId={car._id} carName={`${car.brand_name} ${car.car_name}`} rental={rental} />
            </div>
          </>
        )}
      </div>
      {invoice && (
        <div className={styles.invoice}>
          <RentalInvoice invoice={invoice} onOpen={() => onLeave?.()} />
        </div>
      )}
    </li>
  );
}
