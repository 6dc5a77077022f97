import { businessToday } from '@rentora/shared';
import { CityOptionsTemplate } from '../../lib/first-paint-tokens';
import { HeroSearchForm } from './hero-search';
import { HomeView } from './home-page';

const NO_SEARCH = { location: '', pick_up_date: '', drop_off_date: '' };
const nothing = () => undefined;

/**
 * The home page as its HTML paints it, with the fleet's cities in the search's Location: a
 * visitor can choose a city and dates, and search, before the catalog's code has come (what they
 * did is handed over to the page then, docs/architecture.md §2).
 */
export function HomeFirstPaint() {
  return (
    <HomeView
      search={
        <HeroSearchForm
          value={NO_SEARCH}
          onChange={nothing}
          cityOptions={<CityOptionsTemplate />}
          today={businessToday()}
          errors={{}}
          onSubmit={nothing}
        />
      }
    />
  );
}
