import {
  firstPaintDay,
  firstPaintEach,
  firstPaintField,
  firstPaintPlural,
  MAX_DAYS_AHEAD,
  type Vehicle,
} from '@rentora/shared';
import type { BookableDays } from './where-when-fields';

/**
 * A car whose every field reads as its first-paint token (`@rentora/shared/first-paint`), for a
 * first paint the server fills in from the page's first read; `prefix` names a list's item
 * (`*.`: the item a list template repeats). The first paint only writes fields as text,
 * computing on none, so a token stands in for a number too.
 */
export const tokenVehicle = (prefix = '') =>
  new Proxy({}, { get: (_car, field) => firstPaintField(`${prefix}${String(field)}`) }) as Vehicle;

/** The fleet's cities as the Location's options, one per city A to Z with its number of cars, from the fleet. */
export function CityOptionsTemplate() {
  return (
    <template {...firstPaintEach({ path: '', groupBy: 'location' })}>
      <option value={firstPaintField('*.key')}>
        {`${firstPaintField('*.key')} (${firstPaintPlural('*.count', '# car', '# cars')})`}
      </option>
    </template>
  );
}

/**
 * The date fields' days in a page's HTML (first paint or skeleton): tokens the server writes per
 * request as its own today in the business time zone and the last day a pick-up may be on. The
 * HTML is built when the catalog is, so days written in at build would be stale a day later.
 */
export const FIRST_PAINT_DAYS: BookableDays = { today: firstPaintDay(0), lastPickUp: firstPaintDay(MAX_DAYS_AHEAD) };
