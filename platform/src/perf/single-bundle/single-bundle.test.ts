import accountPages from '../../../../remote-account/src/pages';
import catalogPages from '../../../../remote-catalog/src/pages';
import { BUNDLED_PAGES } from './app/pages';

const rowOf = ({ name, path, title, nav, access }: (typeof BUNDLED_PAGES)[number]) => ({
  name,
  path,
  title,
  nav,
  access,
});

describe('the single-bundle reference', () => {
  it('has every page a customer can reach at its remote table’s path, title, link and access', () => {
    const customers = [...catalogPages.pages, ...accountPages.pages].map(({ name, path, title, access, ...page }) => ({
      name,
      path,
      title,
      nav: 'nav' in page ? page.nav : undefined,
      access,
    }));
    expect(BUNDLED_PAGES.map(rowOf)).toEqual(customers);
  });
});
