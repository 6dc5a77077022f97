import type { Vehicle } from '@rentora/shared';
import type { SearchState } from '@rentora/state';
import { readWhereWhen, writeWhereWhen } from '../../lib/where-when';
import { findCategory, type FleetCategory } from '../../lib/categories';

export type SortOrder = 'relevance' | 'highest' | 'lowest';

export const SORT_OPTIONS: readonly { value: SortOrder; label: string }[] = [
  { value: 'relevance', label: 'Price(Relevance)' },
  { value: 'highest', label: 'Price(Highest)' },
  { value: 'lowest', label: 'Price(Lowest)' },
];

/**
 * What the fleet list shows, kept in the URL (`?q=&sort=&category=&location=&pick_up_date=&drop_off_date=`)
 * so it can be shared, survives reload and Back undoes a change.
 */
export interface FleetQuery {
  search: string;
  sort: SortOrder;
  category: FleetCategory | undefined;
  /** Where and when: the API answers these (docs/product.md §7). */
  where: SearchState;
}

export const DEFAULT_FLEET_QUERY: FleetQuery = {
  search: '',
  sort: 'relevance',
  category: undefined,
  where: { location: '', pick_up_date: '', drop_off_date: '' },
};

export function readFleetQuery(params: URLSearchParams): FleetQuery {
  const sort = SORT_OPTIONS.find((option) => option.value === params.get('sort'))?.value ?? 'relevance';
  return {
    search: params.get('q') ?? '',
    sort,
    category: findCategory(params.get('category')),
    where: readWhereWhen(params),
  };
}

/** The query as URL parameters, leaving out defaults so the plain list stays at `/vehicles`. */
export function writeFleetQuery({ search, sort, category, where }: FleetQuery): URLSearchParams {
  const params = writeWhereWhen(where);
  if (search) params.set('q', search);
  if (sort !== 'relevance') params.set('sort', sort);
  if (category) params.set('category', category.carType);
  return params;
}

// Equal prices keep the relevance order, whatever order the API sent.
const COMPARE: Record<SortOrder, (a: Vehicle, b: Vehicle) => number> = {
  relevance: (a, b) => a.id - b.id,
  highest: (a, b) => b.price_per_day - a.price_per_day,
  lowest: (a, b) => a.price_per_day - b.price_per_day,
};

/** Search is trimmed, then matched as a case-insensitive substring of car_name (docs/product.md §9). */
export function applyFleetQuery(vehicles: readonly Vehicle[], { search, sort, category }: FleetQuery): Vehicle[] {
  const needle = search.trim().toLowerCase();
  return vehicles
    .filter((vehicle) => vehicle.car_name.toLowerCase().includes(needle))
    .filter((vehicle) => !category || vehicle.car_type === category.carType)
    .sort((a, b) => COMPARE[sort](a, b) || a.id - b.id);
}

export function resultCountText(count: number): string {
  return count === 1 ? '1 Result' : `${count} Results`;
}
