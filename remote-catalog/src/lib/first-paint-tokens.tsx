import { firstPaintEach, firstPaintField, firstPaintPlural, type Vehicle } from '@rentora/shared';

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
