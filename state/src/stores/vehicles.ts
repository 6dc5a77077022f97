import type { Vehicle, VehicleDetail, VehicleSearch } from '@rentora/shared';
import { API_PATHS } from '../api/client';
import { readStore, refreshReads } from './reads';

/** The whole fleet, fetched on first use and kept. */
export const $vehicles = readStore<Vehicle[]>(API_PATHS.vehicles);

/** One car with its booked ranges; the same store for the same id everywhere on the page. */
export function $vehicle(vehicleId: string) {
  return readStore<VehicleDetail>(API_PATHS.vehicle(vehicleId));
}

/** The cars the API finds for a city and/or a range of dates; one store per search. */
export function $vehicleSearch(search: VehicleSearch) {
  return readStore<Vehicle[]>(API_PATHS.search(search));
}

const isSearch = (url: string) => url.startsWith(`${API_PATHS.vehicles}?`);

/**
 * Fetches one car again, e.g. after a booking changed its booked ranges; searches by date are
 * fetched again too, since the car may have left or rejoined their results.
 */
export function refreshVehicle(vehicleId: string): void {
  const car = API_PATHS.vehicle(vehicleId);
  refreshReads((url) => url === car || isSearch(url));
}

/** Asks the API again for every search, e.g. from a 'Try again' button. */
export function refreshVehicleSearches(): void {
  refreshReads(isSearch);
}

/** Fetches the fleet again, e.g. from a 'Try again' button after a failure. */
export function refreshVehicles(): void {
  refreshReads((url) => url === API_PATHS.vehicles);
}
