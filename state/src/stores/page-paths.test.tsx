import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from '../router';
import { memoryRouterAt } from '../testing/memory-router';
import { $pagePaths, usePagePath, type PageName } from './page-paths';

// This package knows no remote: its tests register a table of their own, as each remote registers its table.
declare module './page-paths' {
  interface PageTables {
    test: { pages: readonly [{ name: 'fleet' }, { name: 'car' }] };
  }
}

/** A link to another app's page by its name, as About and the account remote write theirs. */
function LinkTo({ page, params, children }: { page: PageName; params?: Record<string, string>; children: string }) {
  const to = usePagePath(page, params);
  return to === undefined ? <p>{children}, nowhere</p> : <Link to={to}>{children}</Link>;
}

function renderAt(url: string, element: React.ReactNode) {
  const router = memoryRouterAt(url);
  render(<router.Router>{element}</router.Router>);
  return router;
}

const link = (name: string) => screen.getByRole('link', { name });

describe('usePagePath: another app’s page by its name', () => {
  beforeEach(() => $pagePaths.set({}));

  it('is where the site says the page is, its parameters URL-encoded, and follows a move', () => {
    $pagePaths.set({ fleet: '/vehicles', car: '/vehicles/:vehicleId' });
    renderAt(
      '/about',
      <>
        <LinkTo page="fleet">Browse the fleet</LinkTo>
        <LinkTo page="car" params={{ vehicleId: 'audi q7/quattro' }}>
          Audi Q7
        </LinkTo>
      </>,
    );
    expect(link('Browse the fleet')).toHaveAttribute('href', '/vehicles');
    expect(link('Audi Q7')).toHaveAttribute('href', '/vehicles/audi%20q7%2Fquattro');

    // The catalog redeployed with the page elsewhere: the link follows, with no rebuild of the linking app.
    act(() => $pagePaths.set({ fleet: '/cars', car: '/cars/:vehicleId' }));
    expect(link('Browse the fleet')).toHaveAttribute('href', '/cars');
  });

  it('is undefined for a page the site does not know now', () => {
    renderAt('/about', <LinkTo page="fleet">Browse the fleet</LinkTo>);
    expect(screen.getByText('Browse the fleet, nowhere')).toBeInTheDocument();
  });

  it('leads there in the app', async () => {
    $pagePaths.set({ fleet: '/vehicles' });
    const router = renderAt('/about', <LinkTo page="fleet">Browse the fleet</LinkTo>);
    await userEvent.setup().click(link('Browse the fleet'));
    expect(router.location.pathname).toBe('/vehicles');
  });
});
