import { checkDateRange, type DateRangeErrors, type Vehicle, type VehicleSearch } from '@rentora/shared';
import type { SearchState } from '@rentora/state';

export interface CityCount {
  city: string;
  count: number;
}

/** The fleet's cities, A to Z, each with how many cars it has. */
export function cityCounts(vehicles: readonly Vehicle[]): CityCount[] {
  const counts = new Map<string, number>();
  for (const { location } of vehicles) counts.set(location, (counts.get(location) ?? 0) + 1);
  return [...counts].map(([city, count]) => ({ city, count })).sort((a, b) => a.city.localeCompare(b.city));
}

export const cityOptionText = ({ city, count }: CityCount) => `${city} (${count} ${count === 1 ? 'car' : 'cars'})`;

/** The booking rules' hints for the dates, or none while both are blank (a search need not have dates). */
export function dateProblems({ pick_up_date, drop_off_date }: SearchState, today: string): DateRangeErrors {
  if (pick_up_date === '' && drop_off_date === '') return {};
  return checkDateRange({ pick_up_date, drop_off_date }, today);
}

/** What to ask the API: the city, and the dates once they make a valid range. */
export function apiSearch(where: SearchState, today: string): VehicleSearch {
  const datesValid = where.pick_up_date !== '' && Object.keys(dateProblems(where, today)).length === 0;
  return {
    ...(where.location && { location: where.location }),
    ...(datesValid && { pick_up_date: where.pick_up_date, drop_off_date: where.drop_off_date }),
  };
}

/** A search read from URL parameters; blanks where a parameter is missing. */
export function readWhereWhen(params: URLSearchParams): SearchState {
  return {
    location: params.get('location') ?? '',
    pick_up_date: params.get('pick_up_date') ?? '',
    drop_off_date: params.get('drop_off_date') ?? '',
  };
}

/** `location`, `pick_up_date` and `drop_off_date`, in that order, blanks left out. */
export function writeWhereWhen(where: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['location', 'pick_up_date', 'drop_off_date'] as const) if (where[key]) params.set(key, where[key]);
  return params;
}
