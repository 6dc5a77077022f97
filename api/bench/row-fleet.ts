import type { Vehicle } from '@rentora/shared';
import type { HostedApi } from './servers';

/** The row's API's answer to GET /api/vehicles (fails unless 200). */
export async function fleetAnswer(api: HostedApi): Promise<Response> {
  const response = await fetch(`${api.url}/api/vehicles`);
  if (!response.ok) throw new Error(`GET /api/vehicles answered ${response.status}`);
  return response;
}

/** The `_id`s of the row's cars that can be booked (not out of service). */
export async function availableCars(api: HostedApi): Promise<string[]> {
  const cars = (await (await fleetAnswer(api)).json()) as Vehicle[];
  return cars.filter((car) => car.availability).map((car) => car._id);
}
