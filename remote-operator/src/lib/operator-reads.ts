import { $token, nanoquery } from '@rentora/state';
import { operatorCall, type OperatorApiError } from './operator-api';

/**
 * The operator pages' server data, cached by URL (the fleet, the bookings, the team): one store
 * per URL, asked again after a change the reader made (`refreshOperatorReads`), and on focus, as
 * another operator may have changed it meanwhile.
 */
const [createFetcherStore, , { revalidateKeys, invalidateKeys }] = nanoquery({
  fetcher: (...keys: (string | number | true)[]) => operatorCall('GET', keys.join('')),
  revalidateOnFocus: true,
  onErrorRetry: null,
});

export type OperatorRead<T> = ReturnType<typeof createFetcherStore<T, OperatorApiError>>;

// Another account's session must not see what the last one read.
$token.listen(() => invalidateKeys(() => true));

const reads = new Map<string, OperatorRead<unknown>>();

/** The read of one operator URL: the same store for the same URL everywhere on the page. */
export function operatorRead<T>(url: string): OperatorRead<T> {
  let store = reads.get(url);
  if (!store) {
    store = createFetcherStore<unknown, OperatorApiError>([url]);
    reads.set(url, store);
  }
  return store as OperatorRead<T>;
}

/** Asks again for every operator read under `prefix` (`/api/operator/vehicles`), after a change. */
export function refreshOperatorReads(prefix: string): void {
  revalidateKeys((key) => key.startsWith(prefix));
}

/** A page of a server-sorted, server-paged list. */
export interface ListPage<T> {
  items: T[];
  total: number;
}
