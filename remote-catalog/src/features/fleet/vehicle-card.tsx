import {
  buttonClassName,
  CarImage,
  formatPrice,
  rentalDays,
  Skeleton,
  type BookedRange,
  type Vehicle,
  WAITS_FOR_FONTS_ATTRIBUTE,
} from '@rentora/shared';
import { useId } from 'react';
import { Link } from '@rentora/state/router';
import styles from './vehicle-card.module.css';

export interface VehicleCardProps {
  vehicle: Vehicle;
  /** Cards in the first row are visible at once: load their photos without waiting. */
  eager?: boolean;
  /** The first card: its photo is usually the page's largest paint, so it is fetched first. */
  lead?: boolean;
  /** The searched dates: the card shows what the whole range costs. */
  range?: BookedRange | undefined;
  /** The API's total for the range, with the car's rules (date prices, discounts) and tax. */
  totalPaise?: number | undefined;
}

/** '₹75,000 for 3 days': a range's total, both end days counted. */
function rangeTotalText(totalPaise: number, range: BookedRange): string {
  const days = rentalDays(range.pick_up_date, range.drop_off_date);
  return `${formatPrice(totalPaise)} for ${days} ${days === 1 ? 'day' : 'days'}`;
}

export function VehicleCard({ vehicle, eager = false, lead = false, range, totalPaise }: VehicleCardProps) {
  const titleId = useId();
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <CarImage
        className={styles.image}
        src={vehicle.image_url}
        alt={vehicle.car_name}
        width={400}
        sizes="(max-width: 719px) calc(100vw - 2.5rem), (max-width: 1099px) 50vw, 380px"
        loading={eager || lead ? 'eager' : 'lazy'}
        fetchPriority={lead ? 'high' : undefined}
      />
      {/* A car's name has no set lines: painted from HTML, it waits for the web fonts (base.css). */}
      <div className={styles.body} {...{ [WAITS_FOR_FONTS_ATTRIBUTE]: '' }}>
        <p className={styles.brand}>{vehicle.brand_name}</p>
        <h2 id={titleId} className={styles.name}>
          {vehicle.car_name}
        </h2>
        <div className={styles.footer}>
          <div className={styles.prices}>
            <p className={styles.price}>{`₹${vehicle.price_per_day}/day`}</p>
            {range && (
              // Its line is kept while the total is on its way (or could not come), so nothing moves.
              <p className={styles.total}>
                {totalPaise === undefined ? <Skeleton width="8rem" height="1em" /> : rangeTotalText(totalPaise, range)}
              </p>
            )}
          </div>
          <Link
            to={`/vehicles/${encodeURIComponent(vehicle._id)}`}
            className={buttonClassName('secondary')}
            aria-describedby={titleId}
          >
            Check Details
          </Link>
        </div>
      </div>
    </article>
  );
}

/** A card's shape while loading; `withTotal` when the cards will show a range's total. */
export function VehicleCardSkeleton({ withTotal = false }: { withTotal?: boolean }) {
  return (
    <div className={styles.card}>
      <Skeleton className={styles.image} height="auto" radius="0" />
      <div className={styles.body}>
        <Skeleton width="30%" height="0.9rem" />
        <Skeleton width="70%" height="1.6rem" />
        <div className={styles.footer}>
          <div className={styles.prices}>
            <Skeleton width="6rem" height="1.3rem" />
            {withTotal && <Skeleton width="8rem" height="1.1rem" />}
          </div>
          <Skeleton width="8.5rem" height="44px" radius="var(--radius-pill)" />
        </div>
      </div>
    </div>
  );
}
