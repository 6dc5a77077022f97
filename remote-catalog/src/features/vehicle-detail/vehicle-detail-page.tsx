import { $vehicle, useLiveAvailability, useStore } from '@rentora/state';
import { useParams } from '@rentora/state/router';
import { VehicleDetailSkeleton } from './car-skeleton';
import { VehicleDetail } from './vehicle-detail';

export function VehicleDetailPage() {
  const { vehicleId = '' } = useParams();
  const { data: vehicle, error } = useStore($vehicle(vehicleId));
  // The calendar and the booking button follow bookings and status changes made anywhere, live.
  useLiveAvailability();

  if (vehicle) return <VehicleDetail vehicle={vehicle} />;

  // A failure ends the loading state and shows nothing (docs/product.md §8). A car the API does not
  // have is the site's 404 page instead, which the host shows from the page's first read.
  if (error) return <title>Rentora</title>;

  return <VehicleDetailSkeleton />;
}
