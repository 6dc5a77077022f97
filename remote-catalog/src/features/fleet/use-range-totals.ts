import { useMemo } from 'react';
import type { BookedRange, QuoteTotal, Vehicle } from '@rentora/shared';
import { $vehicles, readStore, useStore } from '@rentora/state';

/** What each car costs for a dated search's range, rules applied (`GET /api/quotes`): paise by `_id`. */
export type RangeTotals = ReadonlyMap<string, number>;

/**
 * The API's totals for a dated search: asked once per city and range for every car of the fleet
 * there, so a car that joins or leaves the results as bookings happen asks nothing new.
 * Undefined until they come (and when there is no range).
 */
export function useRangeTotals(
  range: BookedRange | undefined,
  location: string | undefined,
  fleet: readonly Vehicle[] | undefined,
): { totals: RangeTotals | undefined; failed: boolean } {
  const [from, to] = [range?.pick_up_date, range?.drop_off_date];
  const path = useMemo(() => {
    if (from === undefined || to === undefined || !fleet) return undefined;
    const city = location?.toLowerCase();
    const cars = fleet.filter((car) => city === undefined || car.location.toLowerCase() === city);
    if (cars.length === 0) return undefined;
    const query = new URLSearchParams({
      vehicles: cars.map((car) => car._id).join(','),
      pick_up_date: from,
      drop_off_date: to,
    });
    return `/api/quotes?${query.toString()}`;
  }, [from, to, location, fleet]);
  // Without a dated search there is nothing to price: the fleet's read, which the page holds
  // anyway, stands in, so the hook runs the same way every render and asks the API nothing.
  const answer = useStore(path ? readStore<QuoteTotal[]>(path) : $vehicles);
  const data = path ? (answer.data as QuoteTotal[] | undefined) : undefined;
  const totals = useMemo(
    () => data && new Map(data.map((total) => [total.vehicle_id, total.total_paise] as const)),
    [data],
  );
  return { totals, failed: path !== undefined && answer.error !== undefined };
}
