import { screen, within } from '@testing-library/react';
import type { PageName, usePagePath } from '@rentora/state';
import { renderSite, TEST_SITE } from '../testing/render-site';
import { SITE_TABLE } from '../testing/site-table';

beforeEach(() => {
  // The runtime warns when the catalog's code, not deployed here, fails to load.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
});

/** Whether two types are the same. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

describe('pages linked by name, checked by the compiler', () => {
  it('has exactly the names the remotes’ tables declare (tsc checks these lines)', () => {
    const names = {
      home: true,
      fleet: true,
      car: true,
      invoice: true,
      'operator-today': true,
      'operator-fleet': true,
      'operator-bookings': true,
      'operator-team': true,
      'operator-settings': true,
      'operator-audit': true,
      'operator-payments': true,
    } satisfies Record<PageName, true>;
    const exact: Same<PageName, keyof typeof names> = true;
    expect(exact).toBe(true);

    // A misspelt page name is no page of the site: `npm run typecheck` fails without the directive.
    // @ts-expect-error -- 'fleets' is not a PageName
    const misspelt: PageName = 'fleets';
    expect(Object.keys(names)).not.toContain(misspelt);
    // Nor does usePagePath take one.
    // @ts-expect-error -- 'hom' is not a PageName
    const wrongCall: Parameters<typeof usePagePath> = ['hom'];
    expect(Object.keys(names)).not.toContain(wrongCall[0]);
  });

  it('links the brand and the 404 page’s way back to the catalog’s home page, wherever its table puts it', async () => {
    const moved = {
      ...TEST_SITE,
      table: {
        ...SITE_TABLE,
        pages: SITE_TABLE.pages.map((page) => (page.name === 'home' ? { ...page, path: '/start' } : page)),
      },
    };
    await renderSite('/no/such/page', moved);
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/start');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Rentora home' })).toHaveAttribute(
      'href',
      '/start',
    );
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Rentora home' })).toHaveAttribute(
      'href',
      '/start',
    );
  });

  it('shows the brand without a link, and no way back, while the site does not know the home page', async () => {
    const withoutHome = {
      ...TEST_SITE,
      table: { ...SITE_TABLE, pages: SITE_TABLE.pages.filter((page) => page.name !== 'home') },
    };
    await renderSite('/no/such/page', withoutHome);
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found!' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Back to Home' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Rentora home' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Rentora')).toBeVisible();
  });
});
