import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { registerRemoteUrls } from '../lib/federation/remote-registry';
import { renderSite, UNREACHABLE_REMOTES } from '../testing/render-site';

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
    '<div inert="" style="display:contents"><h1>Search and Book the Best Rental Vehicles</h1>' +
    '<label>Location <select><option>Any city</option></select></label></div></div></div>';
  document.body.append(served);
  return served;
}

describe('a remote page the server painted first', () => {
  it('keeps showing that paint, inert, until the remote’s code arrives; later visits show the skeleton', async () => {
    const served = serveFirstPaint();
    const user = userEvent.setup();
    const { container } = await renderSite('/vehicles');
    served.remove();

    const main = within(container.querySelector('main') as HTMLElement);
    const heading = main.getByText('Search and Book the Best Rental Vehicles');
    // Nothing typed or picked there could reach the page that replaces it; a status says why.
    expect(heading.closest('[data-first-paint] > div')).toHaveAttribute('inert');
    expect(main.getByRole('status')).toHaveTextContent('Loading…');

    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'About' }));
    await screen.findByRole('heading', { level: 1, name: /personal project/ });
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Vehicles' }));
    expect(await main.findByRole('status')).toHaveTextContent('Loading…');
    expect(main.queryByText('Search and Book the Best Rental Vehicles')).not.toBeInTheDocument();
  });
});
