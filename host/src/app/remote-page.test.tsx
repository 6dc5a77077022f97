import { use } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { registerRemoteUrls } from '../lib/federation/remote-registry';
import { takeFirstPaint } from './first-paint-handover';
import { MemoryRouter } from '@rentora/state/testing/memory-router';
import { SiteProvider } from '../lib/site-provider';
import { clickAndSettle, renderSite, TEST_SITE, UNREACHABLE_REMOTES } from '../testing/render-site';
import { SiteLayout } from './app';

/** A catalog origin that takes the request and never answers: its page stays on its fallback. */
let silentCatalog: Server;

beforeAll(async () => {
  // The runtime warns when the silent catalog's request is cut at the end.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  silentCatalog = createServer(() => undefined);
  await new Promise<void>((resolve) => silentCatalog.listen(0, '127.0.0.1', resolve));
  const { port } = silentCatalog.address() as AddressInfo;
  registerRemoteUrls({ ...UNREACHABLE_REMOTES, catalog: `http://127.0.0.1:${port}` }, { force: true });
});

afterAll(async () => {
  registerRemoteUrls(UNREACHABLE_REMOTES, { force: true });
  silentCatalog.closeAllConnections();
  await new Promise<void>((resolve) => silentCatalog.close(() => resolve()));
  await new Promise((resolve) => setTimeout(resolve, 50));
  jest.restoreAllMocks();
});

/** The page as the server sent it: the fleet page's first paint in its slot (docs/architecture.md §2). */
function serveFirstPaint(): HTMLElement {
  const served = document.createElement('div');
  served.innerHTML =
    '<div data-page-slot="catalog/FleetPage" style="display:contents">' +
    '<div data-first-paint="" style="display:contents"><span role="status" class="visually-hidden">Loading…</span>' +
    '<h1>Search and Book the Best Rental Vehicles</h1>' +
    '<label>Search by car name <input type="search" name="search"></label></div></div>';
  document.body.append(served);
  return served;
}

describe('a remote page the server painted first', () => {
  it('keeps the very elements the server painted, with what the reader typed and where, until the remote’s code arrives; later visits show a loading status', async () => {
    const served = serveFirstPaint();
    const user = userEvent.setup();
    const search = within(served).getByRole('searchbox', { name: 'Search by car name' });
    await user.type(search, 'Audi');
    takeFirstPaint();
    const { container } = await renderSite('/vehicles');
    served.remove();

    const main = within(container.querySelector('main') as HTMLElement);
    expect(main.getByText('Search and Book the Best Rental Vehicles')).toBeVisible();
    // The same element, the reader's text in it and the focus still on it; a status says the page is loading.
    expect(main.getByRole('searchbox', { name: 'Search by car name' })).toBe(search);
    expect(search).toHaveValue('Audi');
    expect(search).toHaveFocus();
    expect(main.getByRole('status')).toHaveTextContent('Loading…');

    // A later visit to the page shows a loading status, not the first paint. The page leaving is
    // still loading: the router's new location reaches it, and it suspends once more.
    await clickAndSettle(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'About' }));
    await screen.findByRole('heading', { level: 1, name: /personal project/ });
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Vehicles' }));
    expect(await main.findByRole('status')).toHaveTextContent('Loading…');
    expect(main.queryByText('Search and Book the Best Rental Vehicles')).not.toBeInTheDocument();
  });

  it('keeps it when React throws its first render away and renders the page again', async () => {
    const served = serveFirstPaint();
    takeFirstPaint();
    // Rendered after the page, it suspends the whole first render, which React starts again once it may.
    const later = new Promise<void>((resolve) => setTimeout(resolve, 50));
    function SuspendsOnce() {
      use(later);
      return null;
    }
    const { container } = await act(async () =>
      render(
        <SiteProvider initial={TEST_SITE}>
          <MemoryRouter url="/vehicles">
            <SiteLayout />
            <SuspendsOnce />
          </MemoryRouter>
        </SiteProvider>,
      ),
    );
    // React renders again once what suspended it is in.
    await act(() => later);
    served.remove();
    const main = within(container.querySelector('main') as HTMLElement);
    expect(main.getByText('Search and Book the Best Rental Vehicles')).toBeVisible();
  });
});
