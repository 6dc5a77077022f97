import { businessToday, firstPaintEach, firstPaintPlural } from '@rentora/shared';
import { CityOptionsTemplate, tokenVehicle } from '../../lib/first-paint-tokens';
import { dateProblems } from '../../lib/where-when';
import { FleetLayout } from './fleet-page';
import { DEFAULT_FLEET_QUERY } from './fleet-query';
import { FleetToolbar } from './fleet-toolbar';
import styles from './fleet-page.module.css';
import { VehicleCard } from './vehicle-card';

/** The first row at its widest; a one-column screen shows the first card alone (fleet-page.module.css). */
const FIRST_ROW = 3;
const nothing = () => undefined;

/**
 * The fleet page as its HTML paints it: heading, toolbar, the number of cars and the first row
 * of them (as many as the fleet has, up to three), in the default order, which is the API's; the
 * first photo, usually the page's largest paint, fetched first.
 */
export function FleetFirstPaint() {
  const today = businessToday();
  return (
    <FleetLayout
      toolbar={
        <FleetToolbar
          query={DEFAULT_FLEET_QUERY}
          onChange={nothing}
          cityOptions={<CityOptionsTemplate />}
          today={today}
          dateErrors={dateProblems(DEFAULT_FLEET_QUERY.where, today)}
        />
      }
      count={firstPaintPlural('length', '# Result', '# Results')}
      results={
        <ul className={styles.grid} data-first-row="" aria-label="Cars">
          <template {...firstPaintEach({ path: '', max: 1 })}>
            <li>
              <VehicleCard vehicle={tokenVehicle('*.')} lead />
            </li>
          </template>
          <template {...firstPaintEach({ path: '', from: 1, max: FIRST_ROW - 1 })}>
            <li>
              <VehicleCard vehicle={tokenVehicle('*.')} />
            </li>
          </template>
        </ul>
      }
    />
  );
}
