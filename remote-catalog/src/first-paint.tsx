import { renderToString } from 'react-dom/server';
import { firstPaintField, type VehicleDetail as VehicleDetailData } from '@rentora/shared';
import type { ExposeName } from '@rentora/state';
import { StaticRouter } from '@rentora/state/router';
import { FleetPage } from './features/fleet/fleet-page';
import HomePage from './exposed/home-page';
import { VehicleDetail } from './features/vehicle-detail/vehicle-detail';

/**
 * A car whose every field reads as its first-paint token (`prefix` names a list's item): the
 * server writes the live car's values in (docs/architecture.md §2). The first paint only writes
 * fields as text, computing on none, so a token stands in for a number too.
 */
const tokenVehicle = (prefix = '') =>
  new Proxy({}, { get: (_car, field) => firstPaintField(`${prefix}${String(field)}`) }) as VehicleDetailData;

/** The fleet's first row at its widest layout; a one-column screen shows the first alone (fleet-page.module.css). */
const FIRST_PAINT_CARDS = 3;
const FIRST_PAINT_FLEET = Array.from({ length: FIRST_PAINT_CARDS }, (_, index) => tokenVehicle(`${index}.`));

/** A card links to its car by id, URL-encoded: the token must stay readable for the server (ids are slugs). */
const withReadableIds = (html: string) =>
  FIRST_PAINT_FLEET.reduce((page, car) => page.replaceAll(encodeURIComponent(car._id), car._id), html);

/**
 * The build renders what these pages show before their code runs (headings, the search form,
 * the fleet's first cars; the car's text and photo) into first-paint.json; the host's server writes it
 * into the page, so it paints from HTML (docs/architecture.md §2).
 */
export function renderFirstPaints(): Partial<Record<ExposeName<'catalog'>, string>> {
  return {
    './HomePage': renderToString(
      <StaticRouter location="/">
        <HomePage />
      </StaticRouter>,
    ),
    './FleetPage': withReadableIds(
      renderToString(
        <StaticRouter location="/vehicles">
          <FleetPage firstPaintCars={FIRST_PAINT_FLEET} />
        </StaticRouter>,
      ),
    ),
    './VehicleDetailPage': renderToString(
      <StaticRouter location="/vehicles/first-paint">
        <VehicleDetail vehicle={tokenVehicle()} firstPaint />
      </StaticRouter>,
    ),
  };
}
