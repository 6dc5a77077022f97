import { firstPaintEach, firstPaintPlural } from '@rentora/shared';
import type { ReactNode } from 'react';
import { CityOptionsTemplate, FIRST_PAINT_DAYS, tokenVehicle } from '../../lib/first-paint-tokens';
import { FleetLayout, FleetResults } from './fleet-page';
import { DEFAULT_FLEET_QUERY } from './fleet-query';
import { FleetToolbar } from './fleet-toolbar';
import styles from './fleet-page.module.css';
import { VehicleCard } from './vehicle-card';

/** The first row at its widest; a one-column screen shows the first card alone (fleet-page.module.css). */
const FIRST_ROW = 3;
const nothing = () => undefined;

/**
 * The toolbar with the default query, its dates allowed from the server's today
 * (`FIRST_PAINT_DAYS`); the default query has no dates, so nothing to say about them.
 */
function DefaultToolbar({ cityOptions }: { cityOptions: ReactNode }) {
  return (
    <FleetToolbar
      query={DEFAULT_FLEET_QUERY}
      onChange={nothing}
      cityOptions={cityOptions}
      days={FIRST_PAINT_DAYS}
      dateErrors={{}}
    />
  );
}

/**
 * The fleet page as its HTML paints it: heading, toolbar, the number of cars and the first row
 * of them (as many as the fleet has, up to three), in the default order, which is the API's; the
 * first photo, usually the page's largest paint, fetched first.
 */
export function FleetFirstPaint() {
  return (
    <FleetLayout
      toolbar={<DefaultToolbar cityOptions={<CityOptionsTemplate />} />}
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

/** The fleet page before the fleet has come: heading, toolbar with no city yet, and the cars' shapes. */
export function FleetSkeleton() {
  return (
    <FleetLayout
      toolbar={<DefaultToolbar cityOptions={null} />}
      count={undefined}
      results={<FleetResults state={{ shown: 'loading', withTotal: false }} />}
    />
  );
}
