import { buttonClassName, CarImage, Skeleton, type Vehicle } from '@rentora/shared';
import { useId } from 'react';
import { Link } from '@rentora/state/router';
import styles from './vehicle-card.module.css';

export interface VehicleCardProps {
  vehicle: Vehicle;
  /** Cards in the first row are visible at once: load their photos without waiting. */
  eager?: boolean;
}

export function VehicleCard({ vehicle, eager = false }: VehicleCardProps) {
  const titleId = useId();
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <CarImage
        className={styles.image}
        src={vehicle.image_url}
        alt={vehicle.car_name}
        width={400}
        sizes="(max-width: 719px) calc(100vw - 2.5rem), (max-width: 1099px) 50vw, 380px"
        loading={eager ? 'eager' : 'lazy'}
      />
      <div className={styles.body}>
        <p className={styles.brand}>{vehicle.brand_name}</p>
        <h2 id={titleId} className={styles.name}>
          {vehicle.car_name}
        </h2>
        <div className={styles.footer}>
          <p className={styles.price}>{`₹${vehicle.price_per_day}/day`}</p>
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

export function VehicleCardSkeleton() {
  return (
    <div className={styles.card}>
      <Skeleton className={styles.image} height="auto" radius="0" />
      <div className={styles.body}>
        <Skeleton width="30%" height="0.9rem" />
        <Skeleton width="70%" height="1.6rem" />
        <div className={styles.footer}>
          <Skeleton width="35%" height="1.3rem" />
          <Skeleton width="8.5rem" height="44px" radius="var(--radius-pill)" />
        </div>
      </div>
    </div>
  );
}
