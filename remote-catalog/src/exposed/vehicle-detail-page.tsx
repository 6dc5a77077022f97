import type { RemoteModules } from '@rentora/shared';
import { VehicleDetailPage } from '../features/vehicle-detail/vehicle-detail-page';

function VehicleDetailPageExposed() {
  return <VehicleDetailPage />;
}

export default VehicleDetailPageExposed satisfies RemoteModules['catalog/VehicleDetailPage'];
