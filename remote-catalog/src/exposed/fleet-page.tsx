import { FleetPage } from '../features/fleet/fleet-page';

export default function FleetPageRemote() {
  return <FleetPage />;
}
