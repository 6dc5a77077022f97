import { matchPage } from '../pages';
import { $vehicle, $vehicles } from './vehicles';

/**
 * Starts the reads a page begins with while its remote's code is still on the way, so the page
 * finds them in the store instead of asking after it renders. Called by the host at start-up.
 * Settles once they have answered, with data or an error (at once for a page with no reads);
 * never, while a read hangs: a caller that waits on it bounds the wait.
 *
 * The listener stays for the rest of the visit: a query store that nobody listens to forgets its
 * value, so a page rendering after the answer came would start from nothing and show its loading
 * state before the cached answer came back.
 */
export function prefetchPage(pathname: string): Promise<void> {
  const { page, vehicleId } = matchPage(pathname);
  const store =
    page === 'home' || page === 'fleet' ? $vehicles : page === 'vehicle' && vehicleId ? $vehicle(vehicleId) : undefined;
  if (!store) return Promise.resolve();
  return new Promise((resolve) => {
    store.subscribe(({ loading, data, error }) => {
      if (!loading && (data !== undefined || error !== undefined)) resolve();
    });
  });
}
