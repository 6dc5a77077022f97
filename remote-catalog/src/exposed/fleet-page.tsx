import type { PageComponent } from '@rentora/state';
import { FleetPage } from '../features/fleet/fleet-page';

function FleetPageExposed() {
  return <FleetPage />;
}

export default FleetPageExposed satisfies PageComponent;
