import type { CustomerRental, Rental } from '@rentora/shared';
import { fetchRentals } from '../../lib/rentals-api';
import { rentalKey } from './use-rental-invoices';

/**
 * The profile's rental as `GET /api/rentals` has it, with its id (the profile's rentals carry none,
 * docs/product.md §3): found by car and dates, never a cancelled one (a rental rebooked for the
 * same car and days has a cancelled twin). Null when the customer has no such open rental now;
 * undefined when the list could not be read.
 */
export async function findOpenTwin(
  rental: Pick<Rental, 'car' | 'pick_up_date' | 'drop_off_date'>,
): Promise<CustomerRental | null | undefined> {
  const rentals = await fetchRentals();
  if (rentals === undefined) return undefined;
  const key = rentalKey(rental);
  return rentals.find((candidate) => rentalKey(candidate) === key && candidate.status !== 'cancelled') ?? null;
}
