import type { RemoteModules } from '@rentora/state';
import { FleetPage } from '../features/fleet/fleet-page';

function FleetPageExposed() {
  return <FleetPage />;
}

export default FleetPageExposed satisfies RemoteModules['catalog/FleetPage'];
