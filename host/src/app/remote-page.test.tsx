import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Suspense } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { PAGE_LINK_TOKENS, SUSPENSE_END, SUSPENSE_START } from '@rentora/shared';
import { $pagePaths, $token, navLinksOf, signUp } from '@rentora/state';
import { MemoryRouter } from '@rentora/state/testing/memory-router';
import { registerRemoteUrls } from '../lib/federation/remote-registry';
import { SiteProvider } from '../lib/site-provider';
import { PAGE_PLACEHOLDER, renderShell } from '../prerender';
import { clickAndSettle, TEST_SITE, UNREACHABLE_REMOTES } from '../testing/render-site';
import { SITE_TABLE } from '../testing/site-table';
import { SiteLayout } from './app';
import { HOST_NAV_LINKS, sitePagePaths } from './host-pages';

/** A catalog origin that takes the request and never answers: its page stays on its first paint. */
let silentCatalog: Server;
let root: Root | undefined;

beforeAll(async () => {
  // The runtime warns when the silent catalog's request is cut at the end.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  silentCatalog = createServer(() => undefined);
  await new Promise<void>((resolve) => silentCatalog.listen(0, '127.0.0.1', resolve));
  const { port } = silentCatalog.address() as AddressInfo;
  registerRemoteUrls({ ...UNREACHABLE_REMOTES, catalog: `http://127.0.0.1:${port}` }, { force: true });
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  $token.set(undefined);
});

afterAll(async () => {
  registerRemoteUrls(UNREACHABLE_REMOTES, { force: true });
  silentCatalog.closeAllConnections();
  await new Promise<void>((resolve) => silentCatalog.close(() => resolve()));
  await new Promise((resolve) => setTimeout(resolve, 50));
  jest.restoreAllMocks();
});

/**
 * The fleet page as the server sends it: the host's prerendered shell with the site's links, and
 * in its slot the page's first paint between React's Suspense marks (platform/src/site/host-page.ts).
 */
function serveFleetPage(): HTMLElement {
  const shell = renderShell('/vehicles', navLinksOf(SITE_TABLE, HOST_NAV_LINKS, undefined), true);
  const slot =
    `<div data-page-slot="catalog/FleetPage" style="display:contents">${SUSPENSE_START}` +
    '<div data-first-paint="" style="display:contents"><span role="status" class="visually-hidden">Loading…</span>' +
    '<h1>Search and Book the Best Rental Vehicles</h1>' +
    `<label>Search by car name <input type="search" name="search"></label></div>${SUSPENSE_END}</div>`;
  // The links by page name (the brand's to the home page) get their paths, as the server writes them.
  const paths = sitePagePaths(SITE_TABLE);
  const linked = shell.replace(PAGE_LINK_TOKENS, (_token, name: string) => paths[name] ?? '/');
  document.body.innerHTML = `<div id="root">${linked.replace(PAGE_PLACEHOLDER, slot)}</div>`;
  return document.getElementById('root') as HTMLElement;
}

/** The host's start: React adopts the document's HTML (bootstrap.tsx), here in a memory router. */
async function adopt(container: HTMLElement, path: string) {
  $pagePaths.set(sitePagePaths(TEST_SITE.table));
  await act(async () => {
    root = hydrateRoot(
      container,
      <SiteProvider initial={TEST_SITE}>
        <MemoryRouter url={path}>
          <SiteLayout />
        </MemoryRouter>
      </SiteProvider>,
    );
  });
}

describe('the page the server painted', () => {
  it('is written between the marks React’s server writes around a finished Suspense boundary', () => {
    // The server writes them by hand (it runs no React): should React change them, this says so.
    expect(
      renderToString(
        <Suspense fallback={null}>
          <p>page</p>
        </Suspense>,
      ),
    ).toBe(`${SUSPENSE_START}<p>page</p>${SUSPENSE_END}`);
  });

  it('is adopted as it stands: the same header, and in the page’s slot what the reader typed, and where, until the remote’s code arrives', async () => {
    const container = serveFleetPage();
    const header = container.querySelector('header');
    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Search by car name' });
    await user.type(search, 'Audi');

    await adopt(container, '/vehicles');

    const main = within(container.querySelector('main') as HTMLElement);
    expect(container.querySelector('header')).toBe(header);
    expect(main.getByText('Search and Book the Best Rental Vehicles')).toBeVisible();
    expect(main.getByRole('searchbox', { name: 'Search by car name' })).toBe(search);
    expect(search).toHaveValue('Audi');
    expect(search).toHaveFocus();
    expect(main.getByRole('status')).toHaveTextContent('Loading…');
    // The shell is React's now: its links navigate in the page.
    await clickAndSettle(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'About' }));
    expect(await screen.findByRole('heading', { level: 1, name: /personal project/ })).toBeVisible();
    expect(container.querySelector('header')).toBe(header);
  });

  it('shows a later visit to the page a loading status, not the first paint', async () => {
    await adopt(serveFleetPage(), '/vehicles');
    const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));
    await clickAndSettle(nav().getByRole('link', { name: 'About' }));
    await screen.findByRole('heading', { level: 1, name: /personal project/ });
    await clickAndSettle(nav().getByRole('link', { name: 'Vehicles' }));
    const main = within(document.querySelector('main') as HTMLElement);
    expect(await main.findByRole('status')).toHaveTextContent('Loading…');
    expect(main.queryByText('Search and Book the Best Rental Vehicles')).not.toBeInTheDocument();
  });

  it('shows a signed-in reader as signed out while it adopts the HTML, then as signed in', async () => {
    const signedUp = await signUp({
      name: 'Nisha Verma',
      email: `adopt-${Date.now()}@example.com`,
      password: 'long-enough-pw',
      avatar: 'avatar2',
    });
    expect(signedUp.ok).toBe(true);
    const container = serveFleetPage();
    expect(
      within(container.querySelector('header') as HTMLElement).getAllByRole('button', { name: 'Sign Up' }),
    ).not.toHaveLength(0);
    await adopt(container, '/vehicles');
    // The server never knows the session; the browser's render right after hydrating does.
    expect(screen.getByRole('button', { name: 'Open profile' })).toBeVisible();
  });
});
