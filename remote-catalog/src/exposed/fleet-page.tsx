import type { RemoteModules } from '@rentora/shared';
import { FleetPage } from '../features/fleet/fleet-page';

function FleetPageExposed() {
  return <FleetPage />;
}

export default FleetPageExposed satisfies RemoteModules['catalog/FleetPage'];
