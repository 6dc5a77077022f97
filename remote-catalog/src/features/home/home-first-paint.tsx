import type { ReactNode } from 'react';
import { CityOptionsTemplate, FIRST_PAINT_DAYS } from '../../lib/first-paint-tokens';
import { HeroSearchForm } from './hero-search';
import { HomeView } from './home-page';

const NO_SEARCH = { location: '', pick_up_date: '', drop_off_date: '' };
const nothing = () => undefined;

/** The home page with an empty search, its dates allowed from the server's today (`FIRST_PAINT_DAYS`). */
function HomeWithSearch({ cityOptions }: { cityOptions: ReactNode }) {
  return (
    <HomeView
      search={
        <HeroSearchForm
          value={NO_SEARCH}
          onChange={nothing}
          cityOptions={cityOptions}
          days={FIRST_PAINT_DAYS}
          errors={{}}
          onSubmit={nothing}
        />
      }
    />
  );
}

/**
 * The home page as its HTML paints it, with the fleet's cities in the search's Location: a
 * visitor can choose a city and dates, and search, before the catalog's code has come (what they
 * did is handed over to the page then, docs/architecture.md §2).
 */
export function HomeFirstPaint() {
  return <HomeWithSearch cityOptions={<CityOptionsTemplate />} />;
}

/** The home page before the fleet has come: its search lists no city yet. */
export function HomeSkeleton() {
  return <HomeWithSearch cityOptions={null} />;
}
