import { BUSINESS_TIME_ZONE, Button, Eyebrow, todayIn } from '@rentora/shared';
import {
  $vehicles,
  $vehicleSearch,
  refreshVehicles,
  refreshVehicleSearches,
  setSearch,
  useStore,
} from '@rentora/state';
import { useSearchParams } from '@rentora/state/router';
import { useEffect } from 'react';
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

export function FleetPage() {
  const [params, setParams] = useSearchParams();
  const query = readFleetQuery(params);
  const today = todayIn(BUSINESS_TIME_ZONE);
  const search = apiSearch(query.where, today);
  const filtered = Object.keys(search).length > 0;
  const fleet = useStore($vehicles);
  // Where and when are the API's to answer; name, category and order are applied here to either list.
  const found = useStore(filtered ? $vehicleSearch(search) : $vehicles);
  const { data: vehicles, error } = found;
  const results = vehicles ? applyFleetQuery(vehicles, query) : [];
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
            {results.map((vehicle, index) => (
              <li key={vehicle._id}>
                <VehicleCard vehicle={vehicle} eager={index < 3} range={range} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyResults query={query} onClear={() => changeQuery(DEFAULT_FLEET_QUERY)} />
        )
      ) : error ? (
        <div className={styles.failure} role="alert">
          <p>We couldn’t load the fleet. Check your connection and try again.</p>
          <Button variant="secondary" onClick={filtered ? refreshVehicleSearches : refreshVehicles}>
            Try again
          </Button>
        </div>
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
