import type { PageComponent } from '@rentora/state';
import { VehicleDetailPage } from '../features/vehicle-detail/vehicle-detail-page';

function VehicleDetailPageExposed() {
  return <VehicleDetailPage />;
}

export default VehicleDetailPageExposed satisfies PageComponent;
