import { renderToString } from 'react-dom/server';
import { firstPaintField, type VehicleDetail as VehicleDetailData } from '@rentora/shared';
import type { ExposeName } from '@rentora/state';
import { StaticRouter } from '@rentora/state/router';
import FleetPage from './exposed/fleet-page';
import HomePage from './exposed/home-page';
import { VehicleDetail } from './features/vehicle-detail/vehicle-detail';

/**
 * A car whose every field reads as its first-paint token: the server writes the live car's
 * values in (docs/architecture.md §2). The first paint only writes fields as text, computing on
 * none, so a token stands in for a number too.
 */
const TOKEN_VEHICLE = new Proxy({}, { get: (_car, field) => firstPaintField(String(field)) }) as VehicleDetailData;

/**
 * The build renders what these pages show before their code runs (headings, the search form,
 * card skeletons; the car's text and photo) into first-paint.json; the host's server writes it
 * into the page, so it paints from HTML (docs/architecture.md §2).
 */
export function renderFirstPaints(): Partial<Record<ExposeName<'catalog'>, string>> {
  return {
    './HomePage': renderToString(
      <StaticRouter location="/">
        <HomePage />
      </StaticRouter>,
    ),
    './FleetPage': renderToString(
      <StaticRouter location="/vehicles">
        <FleetPage />
      </StaticRouter>,
    ),
    './VehicleDetailPage': renderToString(
      <StaticRouter location="/vehicles/first-paint">
        <VehicleDetail vehicle={TOKEN_VEHICLE} firstPaint />
      </StaticRouter>,
    ),
  };
}
