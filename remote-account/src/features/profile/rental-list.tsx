import type { Rental } from '@rentora/shared';
import { useId } from 'react';
import { usePagePath } from '@rentora/state';
import { Link } from '@rentora/state/router';
import { RentalItem } from './rental-item';
import { rentalKey, type RentalInvoice } from './use-rental-invoices';
import styles from './rental-list.module.css';

export interface RentalListProps {
  rentals: readonly Rental[];
  /** Called when the user follows the link to the fleet or an invoice: the modal closes. */
  onExplore: () => void;
  /** The completed rentals' invoices, by `rentalKey`. */
  invoices?: ReadonlyMap<string, RentalInvoice>;
}

/** The user's rentals, newest first: the received order reversed (docs/product.md §2). */
export function RentalList({ rentals, onExplore, invoices }: RentalListProps) {
  const headingId = useId();
  const fleet = usePagePath('fleet');
  if (rentals.length === 0) {
    const empty = (
      <>
        <svg viewBox="0 0 48 24" width="48" height="24" aria-hidden="true" className={styles.emptyIcon}>
          <path d="M3 17v-3c0-2 1-3 3-3.4l7-1.2C16 7 20 5 25 5s9 2 12 4.6l6 .9c2 .4 3 1.5 3 3.5v3" />
          <circle cx="12" cy="18" r="3.5" />
          <circle cx="37" cy="18" r="3.5" />
        </svg>
        <span>No rentals yet! Explore cars now!</span>
      </>
    );
    // While the site does not know the fleet's page (the catalog cannot be read now), no dead link.
    return fleet === undefined ? (
      <p className={styles.empty}>{empty}</p>
    ) : (
      <Link to={fleet} className={styles.empty} onClick={onExplore}>
        {empty}
      </Link>
    );
  }
  // A rental has no id of its own (docs/product.md §3); its place in the received list is stable, as rentals are only added.
  const newestFirst = rentals.map((rental, receivedIndex) => ({ rental, receivedIndex })).reverse();
  return (
    <section className={styles.rentals} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        Your rentals
      </h3>
      <ul className={styles.list}>
        {newestFirst.map(({ rental, receivedIndex }) => (
          <RentalItem
            key={receivedIndex}
            rental={rental}
            invoice={invoices?.get(rentalKey(rental))}
            onLeave={onExplore}
          />
        ))}
      </ul>
    </section>
  );
}
