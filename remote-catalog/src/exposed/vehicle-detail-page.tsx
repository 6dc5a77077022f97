import { VehicleDetailPage } from '../features/vehicle-detail/vehicle-detail-page';

export default function VehicleDetailPageRemote() {
  return <VehicleDetailPage />;
}
