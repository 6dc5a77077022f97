import { act, render } from '@testing-library/react';
import { $pagePaths, type Site, type SitePage, type SiteTable } from '@rentora/state';
import { MemoryRouter } from '@rentora/state/testing/memory-router';
import { SiteLayout } from '../app/app';
import { sitePagePaths } from '../app/host-pages';
import { init } from '@module-federation/enhanced/runtime';
import { reportCaughtError } from '../lib/federation/report-caught-error';
import { registerRemoteUrls, type RemoteUrls } from '../lib/federation/remote-registry';
import { SiteProvider } from '../lib/site-provider';

// A real federation runtime whose remotes live at a closed port: every remote load really fails.
export const UNREACHABLE_REMOTES: RemoteUrls = {
  catalog: 'http://127.0.0.1:9',
  booking: 'http://127.0.0.1:9',
  account: 'http://127.0.0.1:9',
};
init({ name: 'host', remotes: [] });
registerRemoteUrls(UNREACHABLE_REMOTES);

const catalogPage = (page: Omit<SitePage, 'remote' | 'access' | 'styles'>): SitePage => ({
  remote: 'catalog',
  access: 'everyone',
  styles: [],
  ...page,
});

/** The remotes' tables as the deployed remotes declare them (each remote's src/pages.tsx). */
export const SITE_TABLE: SiteTable = {
  pages: [
    catalogPage({
      name: 'home',
      path: '/',
      title: 'Rentora - Quality Cars, Unmatched Experience',
      expose: './HomePage',
      reads: ['/api/vehicles'],
      what: 'the home page',
      nav: { label: 'Home', order: 10 },
    }),
    catalogPage({
      name: 'fleet',
      path: '/vehicles',
      title: 'Browse Our Fleet - Cars for Every Need and Budget',
      expose: './FleetPage',
      reads: ['/api/vehicles'],
      what: 'the fleet',
      nav: { label: 'Vehicles', order: 20 },
    }),
    catalogPage({
      name: 'car',
      path: '/vehicles/:vehicleId',
      title: null,
      expose: './VehicleDetailPage',
      reads: ['/api/vehicles/:vehicleId'],
      what: 'this car',
    }),
  ],
  modals: [
    { remote: 'booking', name: 'book', expose: './BookRideModal', what: 'booking' },
    { remote: 'account', name: 'auth', expose: './AuthModal', what: 'sign-up and login' },
    { remote: 'account', name: 'profile', expose: './ProfileModal', what: 'your profile' },
  ],
};

export const TEST_SITE: Site = { remotes: UNREACHABLE_REMOTES, table: SITE_TABLE };

/**
 * The whole site shell at `path`, as the host renders it from the site's tables, with the real
 * stores and API; a staff member's browser reads the whole site from `remotesFile`.
 */
export async function renderSite(path = '/about', site: Site = TEST_SITE, remotesFile?: string) {
  // As the host's start-up sets it from the same tables.
  $pagePaths.set(sitePagePaths(site.table));
  // Remote pages suspend while their code loads; let React settle that inside act.
  return act(async () =>
    render(
      <SiteProvider initial={site} remotesFile={remotesFile}>
        <MemoryRouter url={path}>
          <SiteLayout />
        </MemoryRouter>
      </SiteProvider>,
      { onCaughtError: reportCaughtError },
    ),
  );
}

/**
 * Clicks something whose effect suspends (a remote starts loading), inside an awaited act so
 * React can settle the suspense; userEvent's own act is synchronous.
 */
export async function clickAndSettle(element: HTMLElement): Promise<void> {
  element.focus();
  await act(async () => element.click());
}
