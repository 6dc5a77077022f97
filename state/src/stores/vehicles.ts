import { nanoquery } from '@nanostores/query';
import { api, type ApiAnswer } from '../api/client';
import type { Vehicle, VehicleDetail } from '@rentora/shared';

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

const [createFetcherStore, , { revalidateKeys }] = nanoquery({
  // Answers stay until a page asks again: the list is fetched once per page session (SPEC §4).
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

/** Fetches one car again, e.g. after a booking changed its booked ranges. */
export function refreshVehicle(vehicleId: string): void {
  revalidateKeys(`${VEHICLE_KEY_PREFIX}${vehicleId}`);
}

/** Fetches the fleet again, e.g. from a 'Try again' button after a failure. */
export function refreshVehicles(): void {
  revalidateKeys(VEHICLES_KEY);
}
