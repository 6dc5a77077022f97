import { nanoquery } from '@nanostores/query';
import { api, type ApiAnswer } from '../api/client';
import type { Vehicle, VehicleDetail, VehicleSearch } from '@rentora/shared';

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

function bodyOrThrow<T>(answer: ApiAnswer<T | { message: string }>): T {
  if (!answer.ok) throw new ApiError(answer.status, (answer.body as { message: string }).message);
  return answer.body as T;
}

const VEHICLES_KEY = 'vehicles';
const VEHICLE_KEY_PREFIX = 'vehicle/';
const SEARCH_KEY_PREFIX = 'search?';

const [createFetcherStore, , { revalidateKeys }] = nanoquery({
  // Answers stay until a page asks again: the list is fetched once per page session (docs/product.md §4).
  dedupeTime: Infinity,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: null,
});

/** The whole fleet, fetched on first use and kept. */
export const $vehicles = createFetcherStore<Vehicle[]>([VEHICLES_KEY], {
  fetcher: async () => bodyOrThrow(await api.getVehicles()),
});

const vehicleStores = new Map<string, ReturnType<typeof createVehicleStore>>();

function createVehicleStore(vehicleId: string) {
  return createFetcherStore<VehicleDetail, ApiError | Error>([VEHICLE_KEY_PREFIX, vehicleId], {
    fetcher: async () => bodyOrThrow(await api.getVehicle(vehicleId)),
  });
}

/** One car with its booked ranges; the same store for the same id everywhere on the page. */
export function $vehicle(vehicleId: string) {
  let store = vehicleStores.get(vehicleId);
  if (!store) {
    store = createVehicleStore(vehicleId);
    vehicleStores.set(vehicleId, store);
  }
  return store;
}

const searchStores = new Map<string, ReturnType<typeof createSearchStore>>();

function createSearchStore(search: VehicleSearch) {
  return createFetcherStore<Vehicle[]>([SEARCH_KEY_PREFIX, searchKey(search)], {
    fetcher: async () => bodyOrThrow(await api.searchVehicles(search)),
  });
}

const searchKey = ({ location = '', pick_up_date = '', drop_off_date = '' }: VehicleSearch) =>
  JSON.stringify([location, pick_up_date, drop_off_date]);

/** The cars the API finds for a city and/or a range of dates; one store per search. */
export function $vehicleSearch(search: VehicleSearch) {
  const key = searchKey(search);
  let store = searchStores.get(key);
  if (!store) {
    store = createSearchStore(search);
    searchStores.set(key, store);
  }
  return store;
}

/**
 * Fetches one car again, e.g. after a booking changed its booked ranges; searches by date are
 * fetched again too, since the car may have left or rejoined their results.
 */
export function refreshVehicle(vehicleId: string): void {
  revalidateKeys(`${VEHICLE_KEY_PREFIX}${vehicleId}`);
  refreshVehicleSearches();
}

/** Asks the API again for every search, e.g. from a 'Try again' button. */
export function refreshVehicleSearches(): void {
  revalidateKeys((key) => key.startsWith(SEARCH_KEY_PREFIX));
}

/** Fetches the fleet again, e.g. from a 'Try again' button after a failure. */
export function refreshVehicles(): void {
  revalidateKeys(VEHICLES_KEY);
}
