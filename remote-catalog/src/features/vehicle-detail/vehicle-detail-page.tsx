import { buttonClassName } from '@rentora/shared';
import { $vehicle, ApiError, useLiveAvailability, useStore } from '@rentora/state';
import { Link, useParams } from '@rentora/state/router';
import { VehicleDetailSkeleton } from './car-skeleton';
import { VehicleDetail } from './vehicle-detail';
import styles from './vehicle-detail-page.module.css';

export function VehicleDetailPage() {
  const { vehicleId = '' } = useParams();
  const { data: vehicle, error } = useStore($vehicle(vehicleId));
  // The calendar and the booking button follow bookings and status changes made anywhere, live.
  useLiveAvailability();

  if (vehicle) return <VehicleDetail vehicle={vehicle} />;

  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className={styles.notFound}>
        <title>Car Not Found - Rentora</title>
        <h1 className={styles.notFoundHeading}>We couldn’t find that car</h1>
        <p>It may have left the fleet, or the link may be mistyped.</p>
        <Link to="/vehicles" className={buttonClassName('primary', 'lg')}>
          Browse the fleet
        </Link>
      </div>
    );
  }

  // Any other failure ends the loading state and shows nothing (docs/product.md §8).
  if (error) return <title>Rentora</title>;

  return <VehicleDetailSkeleton />;
}
