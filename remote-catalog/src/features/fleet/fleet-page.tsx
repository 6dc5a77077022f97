import { Button, Eyebrow, type BookedRange, type Vehicle } from '@rentora/shared';
import {
  $vehicles,
  $vehicleSearch,
  refreshVehicles,
  refreshVehicleSearches,
  setSearch,
  useBusinessToday,
  useLiveAvailability,
  useStore,
} from '@rentora/state';
import { useSearchParams } from '@rentora/state/router';
import {
  startTransition,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import { apiSearch, cityCounts, dateProblems } from '../../lib/where-when';
import { bookableDays, CityOptions } from '../../lib/where-when-fields';
import { FleetToolbar } from './fleet-toolbar';
import { EmptyResults } from './empty-results';
import {
  applyFleetQuery,
  DEFAULT_FLEET_QUERY,
  readFleetQuery,
  resultCountText,
  writeFleetQuery,
  type FleetQuery,
} from './fleet-query';
import styles from './fleet-page.module.css';
import { useSteadyCars } from './use-steady-cars';
import { useRangeTotals, type RangeTotals } from './use-range-totals';
import { VehicleCard, VehicleCardSkeleton } from './vehicle-card';

const SKELETON_CARDS = 3;
/** Enough cards to fill the first screen at any width; the rest follow in a background render. */
const FIRST_SCREEN_CARDS = 9;

export function FleetPage() {
  const [params, setParams] = useSearchParams();
  const query = readFleetQuery(params);
  const today = useBusinessToday();
  const search = apiSearch(query.where, today);
  const filtered = Object.keys(search).length > 0;
  const fleet = useStore($vehicles);
  // Where and when are the API's to answer; name, category and order are applied here to either list.
  const found = useStore(filtered ? $vehicleSearch(search) : $vehicles);
  const range =
    search.pick_up_date && search.drop_off_date
      ? { pick_up_date: search.pick_up_date, drop_off_date: search.drop_off_date }
      : undefined;
  // A dated search follows bookings made elsewhere: cars leave it and join it as they happen.
  useLiveAvailability(range !== undefined);
  const listRef = useRef<HTMLUListElement>(null);
  // The cards render in the background (React slices that work), not in the store's update.
  // Each answer stays paired with the search it answers.
  const searchKey = JSON.stringify(search);
  // A dated search's cards come with their totals (rules applied), so no card shows a price and then changes it.
  const rangeTotals = useRangeTotals(range, search.location, fleet.data);
  const priced = range === undefined || rangeTotals.totals !== undefined || rangeTotals.failed;
  const answered = useMemo(
    () => ({ searchKey, cars: priced ? found.data : undefined }),
    [searchKey, found.data, priced],
  );
  const latest = useDeferredValue(answered);
  const steady = useSteadyCars(latest.searchKey, latest.cars, (cars) => applyFleetQuery(cars, query), listRef);
  const vehicles = steady.cars;
  const results = vehicles ? applyFleetQuery(vehicles, query) : [];
  const shown = useFirstScreenFirst(results, vehicles !== undefined);

  // The detail page and the wizard start from what the shopper searched here.
  const { location, pick_up_date, drop_off_date } = search;
  useEffect(() => {
    setSearch({ location: location ?? '', pick_up_date: pick_up_date ?? '', drop_off_date: drop_off_date ?? '' });
  }, [location, pick_up_date, drop_off_date]);

  // Typing replaces the entry, so Back leaves the page instead of undoing keystrokes.
  const changeQuery = (next: FleetQuery, replace = false) => setParams(writeFleetQuery(next), { replace });

  const state = ((): FleetResultsState => {
    if (found.error !== undefined && !vehicles) {
      return { shown: 'failed', onRetry: filtered ? refreshVehicleSearches : refreshVehicles };
    }
    if (!vehicles) return { shown: 'loading', withTotal: range !== undefined };
    if (results.length === 0) return { shown: 'none', query, onClear: () => changeQuery(DEFAULT_FLEET_QUERY) };
    return { shown: 'cars', cars: shown, range, totals: rangeTotals.totals };
  })();

  return (
    <FleetLayout
      toolbar={
        <FleetToolbar
          query={query}
          onChange={changeQuery}
          cityOptions={<CityOptions cities={fleet.data ? cityCounts(fleet.data) : []} chosen={query.where.location} />}
          days={bookableDays(today)}
          dateErrors={dateProblems(query.where, today)}
        />
      }
      count={vehicles && resultCountText(results.length)}
      notice={
        steady.held && (
          <button type="button" className={styles.updated} onClick={steady.showLatest}>
            List updated
          </button>
        )
      }
      results={<FleetResults state={state} listRef={listRef} />}
    />
  );
}

/** The fleet page's parts in their places: the heading, the toolbar, the result count and the results. */
export function FleetLayout({
  toolbar,
  count,
  notice,
  results,
}: {
  toolbar: ReactNode;
  count: ReactNode;
  /** Beside the count: what changed in the list while it was held still. */
  notice?: ReactNode;
  results: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <Eyebrow tone="soft" ruled className={styles.eyebrow}>
          The Rentora fleet
        </Eyebrow>
        <h1 className={styles.heading}>Search and Book the Best Rental Vehicles</h1>
      </header>
      {toolbar}
      <p className={styles.count} role="status">
        {count}
        {notice}
      </p>
      {results}
    </div>
  );
}

export type FleetResultsState =
  | { shown: 'loading'; withTotal: boolean }
  | { shown: 'failed'; onRetry: () => void }
  | { shown: 'none'; query: FleetQuery; onClear: () => void }
  | { shown: 'cars'; cars: readonly Vehicle[]; range: BookedRange | undefined; totals?: RangeTotals | undefined };

/** What the list shows: the cars, none, a failure, or their shapes while they load. */
export function FleetResults({ state, listRef }: { state: FleetResultsState; listRef?: Ref<HTMLUListElement> }) {
  switch (state.shown) {
    case 'cars':
      return (
        <ul ref={listRef} className={styles.grid} aria-label="Cars">
          {state.cars.map((vehicle, index) => (
            <li key={vehicle._id}>
              <VehicleCard
                vehicle={vehicle}
                eager={index < 3}
                lead={index === 0}
                range={state.range}
                totalPaise={state.totals?.get(vehicle._id)}
              />
            </li>
          ))}
        </ul>
      );
    case 'none':
      return <EmptyResults query={state.query} onClear={state.onClear} />;
    case 'failed':
      return (
        <div className={styles.failure} role="alert">
          <p>We couldn’t load the fleet. Check your connection and try again.</p>
          <Button variant="secondary" onClick={state.onRetry}>
            Try again
          </Button>
        </div>
      );
    case 'loading':
      return (
        <ul className={styles.grid} aria-label="Loading cars" aria-busy="true">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index}>
              <VehicleCardSkeleton withTotal={state.withTotal} />
            </li>
          ))}
        </ul>
      );
  }
}

/**
 * The first screen of cards paints at once; the others render right after as a transition,
 * which React splits into short tasks, so forty cards never hold the page's first paint or
 * its input for one long task.
 */
function useFirstScreenFirst<T>(items: T[], ready: boolean): T[] {
  const [everything, setEverything] = useState(false);
  useEffect(() => {
    if (ready && !everything) startTransition(() => setEverything(true));
  }, [ready, everything]);
  return everything ? items : items.slice(0, FIRST_SCREEN_CARDS);
}
