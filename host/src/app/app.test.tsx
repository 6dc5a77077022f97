import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { registerRemoteUrls } from '../lib/federation/remote-registry';
import { clickAndSettle, renderSite, TEST_SITE, UNREACHABLE_REMOTES } from '../testing/render-site';
import { SITE_TABLE } from '../testing/site-table';

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('site routes', () => {
  it('shows the 404 page with its title for an unknown path', async () => {
    await renderSite('/no/such/page');
    expect(screen.getByText('Error 404')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found!' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Error 404 - Page Not Found!'));
  });

  it('describes Rentora on the About page (docs/product.md §1)', async () => {
    await renderSite('/about');
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('personal project for finding, booking and managing rental cars');
    expect(screen.getByText(/JSON Web Tokens/)).toBeVisible();
  });

  it('links About to the fleet by the page’s name, wherever the catalog’s table puts it', async () => {
    await renderSite('/about');
    expect(screen.getByRole('link', { name: 'Browse the fleet' })).toHaveAttribute('href', '/vehicles');

    const moved = {
      ...TEST_SITE,
      table: {
        ...SITE_TABLE,
        pages: SITE_TABLE.pages.map((page) => (page.name === 'fleet' ? { ...page, path: '/cars' } : page)),
      },
    };
    cleanup();
    await renderSite('/about', moved);
    expect(screen.getByRole('link', { name: 'Browse the fleet' })).toHaveAttribute('href', '/cars');
  });

  it('gives / and /vehicles their product titles even before the catalog arrives', async () => {
    await renderSite('/');
    await waitFor(() => expect(document.title).toBe('Rentora - Quality Cars, Unmatched Experience'));
  });

  it('moves from one page to the next without ever showing both', async () => {
    const user = userEvent.setup();
    await renderSite('/about');
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Vehicles' }));
    await waitFor(() => expect(document.title).toBe('Browse Our Fleet - Cars for Every Need and Budget'));
    expect(screen.queryByRole('heading', { name: /personal project/ })).not.toBeInTheDocument();
  });

  it('has the footer of docs/product.md §2', async () => {
    await renderSite('/about');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'What’s Rentora? Click Here!' })).toHaveAttribute('href', '/about');
    expect(within(footer).getByText('All Rights Reserved © 2024')).toBeVisible();
    expect(within(footer).getByRole('link', { name: 'the Rentora team' })).toHaveAttribute('target', '_blank');
    for (const name of ['Home', 'Vehicles', 'About']) {
      expect(within(footer).getByRole('link', { name })).toBeVisible();
    }
  });
});

describe('a remote that cannot be loaded', () => {
  it('leaves an inline panel with Try again, and the shell keeps working', async () => {
    const user = userEvent.setup();
    await renderSite('/vehicles');
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('We couldn’t load the fleet.');
    expect(within(panel).getByRole('button', { name: 'Try again' })).toBeEnabled();

    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'About' }));
    expect(await screen.findByRole('heading', { level: 1, name: /personal project/ })).toBeVisible();
  });

  it('fetches the remote’s manifest again when asked to try again', async () => {
    // A real origin for the catalog that is up but failing, so the test sees every manifest request.
    const origin = await startFailingOrigin();
    try {
      registerRemoteUrls({ ...UNREACHABLE_REMOTES, catalog: origin.url }, { force: true });
      await renderSite('/');
      const panel = await screen.findByRole('alert');
      expect(panel).toHaveTextContent('We couldn’t load the home page.');
      const requestsBeforeRetry = origin.manifestRequests();

      // The retry suspends while the remote loads again: let React settle it inside act.
      await clickAndSettle(within(panel).getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(origin.manifestRequests()).toBeGreaterThan(requestsBeforeRetry));
      expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t load the home page.');
    } finally {
      registerRemoteUrls(UNREACHABLE_REMOTES, { force: true });
      await origin.close();
    }
  });
});

describe('the modals’ remotes', () => {
  it('start loading when the reader reaches for their button, not at start-up', async () => {
    const origin = await startFailingOrigin();
    try {
      registerRemoteUrls({ ...UNREACHABLE_REMOTES, account: origin.url }, { force: true });
      const user = userEvent.setup();
      await renderSite('/about');
      const signUp = within(screen.getByRole('banner')).getAllByRole('button', { name: 'Sign Up' })[0];
      if (!signUp) throw new Error('no Sign Up button');
      expect(origin.manifestRequests()).toBe(0);

      await user.hover(signUp);
      await waitFor(() => expect(origin.manifestRequests()).toBe(1));
    } finally {
      registerRemoteUrls(UNREACHABLE_REMOTES, { force: true });
      await origin.close();
    }
  });
});

/** A local HTTP server standing in for a remote's origin: it answers 503 and counts manifest requests. */
async function startFailingOrigin() {
  let manifestRequests = 0;
  const server = createServer((request, response) => {
    if (request.url?.endsWith('/mf-manifest.json')) manifestRequests += 1;
    response.writeHead(503, { 'Access-Control-Allow-Origin': '*' }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    manifestRequests: () => manifestRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
