import { renderToString } from 'react-dom/server';
import type { ExposeName } from '@rentora/state';
import { StaticRouter } from '@rentora/state/router';
import FleetPage from './exposed/fleet-page';
import HomePage from './exposed/home-page';

/**
 * The build renders what these pages show before their data arrives (headings, the search form,
 * card skeletons) into first-paint.json; the host's server writes it into the page, so it
 * paints from HTML (docs/architecture.md §2). The car page is left out: its first paint is
 * the car, which only the API knows.
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
  };
}
