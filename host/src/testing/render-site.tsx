import { act, render } from '@testing-library/react';
import { $pagePaths, type Site } from '@rentora/state';
import { MemoryRouter } from '@rentora/state/testing/memory-router';
import { SiteLayout } from '../app/app';
import { sitePagePaths } from '../app/host-pages';
import { init } from '@module-federation/enhanced/runtime';
import { reportCaughtError } from '../lib/federation/report-caught-error';
import { registerRemoteUrls, type RemoteUrls } from '../lib/federation/remote-registry';
import { SiteProvider } from '../lib/site-provider';
import { SITE_TABLE } from './site-table';

// A real federation runtime whose remotes live at a closed port: every remote load really fails.
export const UNREACHABLE_REMOTES: RemoteUrls = {
  catalog: 'http://127.0.0.1:9',
  booking: 'http://127.0.0.1:9',
  account: 'http://127.0.0.1:9',
};
init({ name: 'host', remotes: [] });
registerRemoteUrls(UNREACHABLE_REMOTES);

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
