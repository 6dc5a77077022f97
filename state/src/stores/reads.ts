import { nanoquery } from '@nanostores/query';
import { api } from '../api/client';

/** A not-ok answer of the API, kept with its status so a page can tell 404 from an outage. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const [createFetcherStore, , { revalidateKeys, mutateCache }] = nanoquery({
  // Answers stay until a page asks again: the list is fetched once per page session (docs/product.md §4).
  dedupeTime: Infinity,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: null,
});

function createReadStore<T>(url: string) {
  return createFetcherStore<T, ApiError | Error>([url], {
    fetcher: async () => {
      const answer = await api.read<T>(url);
      if (!answer.ok) throw new ApiError(answer.status, (answer.body as { message: string }).message);
      return answer.body as T;
    },
  });
}

export type ReadStore<T> = ReturnType<typeof createReadStore<T>>;

const readStores = new Map<string, ReadStore<unknown>>();

/**
 * One API read (a GET) by its URL: the same store for the same URL everywhere on the page, so a
 * read the host started for a page (`prefetchReads`, from the page's table) is the one the page
 * then finds, answered.
 */
export function readStore<T>(url: string): ReadStore<T> {
  let store = readStores.get(url);
  if (!store) {
    store = createReadStore<unknown>(url);
    readStores.set(url, store);
  }
  return store as ReadStore<T>;
}

/**
 * Rewrites a read's answer in place, as the API would now give it (a car's state from the live
 * stream): `update` gets what the read holds and returns the new answer, or the same object for
 * no change. A read that holds nothing yet is left to its own fetch.
 */
export function updateRead<T>(url: string, update: (current: T) => T): void {
  const current = readStores.get(url)?.get().data as T | undefined;
  if (current === undefined) return;
  const next = update(current);
  if (next !== current) mutateCache(url, next);
}

/** The URLs of the reads made on this page so far. */
export function readUrls(): string[] {
  return [...readStores.keys()];
}

/** Asks the API again for every read whose URL passes `test`, e.g. after a booking changed a car. */
export function refreshReads(test: (url: string) => boolean): void {
  revalidateKeys(test);
}

/**
 * Starts a page's first reads while its remote's code is still on the way (the host does, at
 * start-up, with the reads its page table names). Settles once they have all answered, with data
 * or an error (at once for none); never, while a read hangs: a caller that waits on it bounds
 * the wait.
 *
 * The listeners stay for the rest of the visit: a query store that nobody listens to forgets its
 * value, so a page rendering after the answer came would start from nothing and show its loading
 * state before the cached answer came back.
 */
export function prefetchReads(urls: readonly string[]): Promise<void> {
  return Promise.all(
    urls.map(
      (url) =>
        new Promise<void>((resolve) => {
          readStore(url).subscribe(({ loading, data, error }) => {
            if (!loading && (data !== undefined || error !== undefined)) resolve();
          });
        }),
    ),
  ).then(() => undefined);
}
