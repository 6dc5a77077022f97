import { Button, Eyebrow } from '@rentora/shared';
import { $vehicles, refreshVehicles, useStore } from '@rentora/state';
import { useSearchParams } from '@rentora/state/router';
import { FleetToolbar } from './fleet-toolbar';
import { applyFleetQuery, readFleetQuery, resultCountText, writeFleetQuery, type FleetQuery } from './fleet-query';
import styles from './fleet-page.module.css';
import { VehicleCard, VehicleCardSkeleton } from './vehicle-card';

const SKELETON_CARDS = 3;

export function FleetPage() {
  const [params, setParams] = useSearchParams();
  const query = readFleetQuery(params);
  const { data: vehicles, error } = useStore($vehicles);
  const results = vehicles ? applyFleetQuery(vehicles, query) : [];

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

      <FleetToolbar query={query} onChange={changeQuery} />

      <p className={styles.count} role="status">
        {vehicles && resultCountText(results.length)}
      </p>

      {vehicles ? (
        results.length > 0 ? (
          <ul className={styles.grid} aria-label="Cars">
            {results.map((vehicle, index) => (
              <li key={vehicle._id}>
                <VehicleCard vehicle={vehicle} eager={index < 3} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.empty}>No cars found!</p>
        )
      ) : error ? (
        <div className={styles.failure} role="alert">
          <p>We couldn’t load the fleet. Check your connection and try again.</p>
          <Button variant="secondary" onClick={refreshVehicles}>
            Try again
          </Button>
        </div>
      ) : (
        <ul className={styles.grid} aria-label="Loading cars" aria-busy="true">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index}>
              <VehicleCardSkeleton />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
