import { useEffect, useState } from 'react';
import type { Rental } from '@rentora/shared';
import { fetchRentals } from '../../lib/rentals-api';

/** A rental's invoice, for the Profile's links: the rental's id and the invoice's number. */
export interface RentalInvoice {
  rentalId: number;
  number: string;
}

/** A profile rental and its `GET /api/rentals` twin share their car and dates (a customer holds one active rental per car). */
export const rentalKey = (rental: Pick<Rental, 'car' | 'pick_up_date' | 'drop_off_date'>) =>
  `${rental.car._id}|${rental.pick_up_date}|${rental.drop_off_date}`;

/**
 * The invoices of the user's rentals, by `rentalKey`. Only a completed rental has one, and it
 * shows as expired, so nothing is asked while none is.
 */
export function useRentalInvoices(rentals: readonly Rental[] | undefined): ReadonlyMap<string, RentalInvoice> {
  const [invoices, setInvoices] = useState<ReadonlyMap<string, RentalInvoice>>(new Map());
  const ended = rentals?.filter((rental) => rental.status === 'expired').map(rentalKey) ?? [];
  const endedKey = ended.join(',');
  useEffect(() => {
    if (endedKey === '') return;
    let current = true;
    void fetchRentals().then((answer) => {
      if (!current || !answer) return;
      const issued = answer.flatMap((rental) =>
        rental.invoice ? [[rentalKey(rental), { rentalId: rental.id, number: rental.invoice.number }] as const] : [],
      );
      setInvoices(new Map(issued));
    });
    return () => {
      current = false;
    };
  }, [endedKey]);
  return invoices;
}
