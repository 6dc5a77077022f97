import { matchPage } from '../pages';
import { $vehicle, $vehicles } from './vehicles';

/**
 * Starts the reads a page begins with while its remote's code is still on the way, so the page
 * finds them in the store instead of asking after it renders. Called by the host at start-up.
 */
export function prefetchPage(pathname: string): void {
  const { page, vehicleId } = matchPage(pathname);
  const store =
    page === 'home' || page === 'fleet' ? $vehicles : page === 'vehicle' && vehicleId ? $vehicle(vehicleId) : undefined;
  if (!store) return;
  // Listening starts the fetch; the answer stays in the query cache after the listener leaves.
  const stop = store.listen(({ loading }) => {
    if (!loading) stop();
  });
}
