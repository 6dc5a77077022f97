import { renderToString } from 'react-dom/server';
import type { ExposeName } from '@rentora/state';
import { StaticRouter } from '@rentora/state/router';
import FleetPage from './exposed/fleet-page';

/**
 * The build renders what the fleet page shows before its data arrives (heading, search form,
 * card skeletons) into first-paint.json; the host's server writes it into the page, so it
 * paints from HTML (docs/architecture.md §2). The car page is left out: its first paint is
 * the car, which only the API knows. So is the home page: its hero heading wraps to one more
 * line in Fraunces than in the metric-matched fallback at phone widths, so painted before the
 * web font arrives it would move the page when the font swaps.
 */
export function renderFirstPaints(): Partial<Record<ExposeName<'catalog'>, string>> {
  return {
    './FleetPage': renderToString(
      <StaticRouter location="/vehicles">
        <FleetPage />
      </StaticRouter>,
    ),
  };
}
