import { Button, Eyebrow, businessToday, type Vehicle } from '@rentora/shared';
import {
  $vehicles,
  $vehicleSearch,
  refreshVehicles,
  refreshVehicleSearches,
  setSearch,
  useStore,
} from '@rentora/state';
import { useSearchParams } from '@rentora/state/router';
import { startTransition, useDeferredValue, useEffect, useState } from 'react';
import { apiSearch, cityCounts, dateProblems } from '../../lib/where-when';
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
import { VehicleCard, VehicleCardSkeleton } from './vehicle-card';

const SKELETON_CARDS = 3;
/** Enough cards to fill the first screen at any width; the rest follow in a background render. */
const FIRST_SCREEN_CARDS = 9;

export interface FleetPageProps {
  /**
   * The cars the first paint shows until the fleet arrives: the build renders the first row
   * with a token for each field and the server writes the fleet's first cars in (the default
   * order is the API's, by id), so the first photos load from HTML (docs/architecture.md §2).
   */
  firstPaintCars?: readonly Vehicle[];
}

export function FleetPage({ firstPaintCars }: FleetPageProps = {}) {
  const [params, setParams] = useSearchParams();
  const query = readFleetQuery(params);
  const today = businessToday();
  const search = apiSearch(query.where, today);
  const filtered = Object.keys(search).length > 0;
  const fleet = useStore($vehicles);
  // Where and when are the API's to answer; name, category and order are applied here to either list.
  const found = useStore(filtered ? $vehicleSearch(search) : $vehicles);
  // The cards render in the background (React slices that work), not in the store's update.
  const vehicles = useDeferredValue(found.data);
  const failed = found.error !== undefined;
  const results = vehicles ? applyFleetQuery(vehicles, query) : [];
  const shown = useFirstScreenFirst(results, vehicles !== undefined);
  const range =
    search.pick_up_date && search.drop_off_date
      ? { pick_up_date: search.pick_up_date, drop_off_date: search.drop_off_date }
      : undefined;

  // The detail page and the wizard start from what the shopper searched here.
  const { location, pick_up_date, drop_off_date } = search;
  useEffect(() => {
    setSearch({ location: location ?? '', pick_up_date: pick_up_date ?? '', drop_off_date: drop_off_date ?? '' });
  }, [location, pick_up_date, drop_off_date]);

  // Typing replaces the entry, so Back leaves the page instead of undoing keystrokes.
  const changeQuery = (next: FleetQuery, replace = false) => setParams(writeFleetQuery(next), { replace });

  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <Eyebrow tone="soft" ruled className={styles.eyebrow}>
          The Rentora fleet
        </Eyebrow>
        <h1 className={styles.heading}>Search and Book the Best Rental Vehicles</h1>
      </header>

      <FleetToolbar
        query={query}
        onChange={changeQuery}
        cities={fleet.data ? cityCounts(fleet.data) : []}
        today={today}
        dateErrors={dateProblems(query.where, today)}
      />

      <p className={styles.count} role="status">
        {vehicles && resultCountText(results.length)}
      </p>

      {vehicles ? (
        results.length > 0 ? (
          <ul className={styles.grid} aria-label="Cars">
            {shown.map((vehicle, index) => (
              <li key={vehicle._id}>
                <VehicleCard vehicle={vehicle} eager={index < 3} lead={index === 0} range={range} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyResults query={query} onClear={() => changeQuery(DEFAULT_FLEET_QUERY)} />
        )
      ) : failed ? (
        <div className={styles.failure} role="alert">
          <p>We couldn’t load the fleet. Check your connection and try again.</p>
          <Button variant="secondary" onClick={filtered ? refreshVehicleSearches : refreshVehicles}>
            Try again
          </Button>
        </div>
      ) : firstPaintCars ? (
        <ul className={`${styles.grid} ${styles.firstPaintGrid}`} aria-label="Cars">
          {firstPaintCars.map((vehicle, index) => (
            <li key={vehicle._id}>
              <VehicleCard vehicle={vehicle} lead={index === 0} firstPaint />
            </li>
          ))}
        </ul>
      ) : (
        <ul className={styles.grid} aria-label="Loading cars" aria-busy="true">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index}>
              <VehicleCardSkeleton withTotal={range !== undefined} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
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
