import { act, screen, within } from '@testing-library/react';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { $token, api, type RemoteTable } from '@rentora/state';
import { uniqueEmail } from '@rentora/shared/testing/unique-email';
import { clickAndSettle, renderSite, TEST_SITE, UNREACHABLE_REMOTES } from '../testing/render-site';

const SERVER = { timeout: 15_000 };
jest.setTimeout(30_000);

/** The operator remote's table: pages no customer may see, so a consumer page's HTML leaves them out. */
const operatorTable: RemoteTable = {
  pages: [
    {
      name: 'operator-today',
      path: '/operator',
      title: 'Today - Rentora Operations',
      expose: './TodayPage',
      reads: [],
      what: 'today’s desk',
      nav: { label: 'Operations', order: 40 },
      access: { roles: ['operator', 'admin'] },
      skeleton: '',
      styles: [],
      css: '',
    },
  ],
  modals: [],
};

/** The site's files as a deployment serves them: remotes.json, and the operator's pages.json; reads counted. */
let files: Server;
let remotesFile: string;
const reads: string[] = [];
/** How many reads of the operator's table still fail, as while its remote is being deployed. */
let operatorTableFailures = 0;

beforeAll(async () => {
  // The runtime warns when the operator's code, not deployed here, fails to load.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  files = createServer((request, response) => {
    reads.push(request.url ?? '');
    const base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
    const body =
      request.url === '/remotes.json'
        ? { ...UNREACHABLE_REMOTES, operator: `${base}/operator/` }
        : request.url === '/operator/pages.json'
          ? operatorTable
          : undefined;
    if (request.url === '/operator/pages.json' && operatorTableFailures > 0) {
      operatorTableFailures -= 1;
      return response.writeHead(503).end();
    }
    if (!body) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  remotesFile = `http://127.0.0.1:${(files.address() as AddressInfo).port}/remotes.json`;
});
afterAll(async () => {
  await new Promise((resolve) => files.close(resolve));
  jest.restoreAllMocks();
});
beforeEach(() => {
  reads.length = 0;
});
afterEach(() => {
  act(() => $token.set(undefined));
});

/** Signs in with `token`; the header's profile button says the user, and so the role, is in. */
async function signIn(token: string) {
  await act(async () => {
    $token.set(token);
  });
  await screen.findByRole('button', { name: 'Open profile' }, SERVER);
}

describe('pages no customer may see, left out of the page’s HTML', () => {
  it('are read by a staff member’s browser: their link shows and their route opens', async () => {
    const adminToken = process.env.RENTORA_TEST_ADMIN_TOKEN;
    if (!adminToken) throw new Error('Jest’s global setup made no admin (RENTORA_TEST_ADMIN_TOKEN).');
    await renderSite('/about', TEST_SITE, remotesFile);
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('link', { name: 'Operations' })).not.toBeInTheDocument();

    // The operator remote is being deployed when the admin signs in: its table is read again.
    operatorTableFailures = 1;
    await signIn(adminToken);
    const link = await within(header).findByRole('link', { name: 'Operations' }, SERVER);
    expect(reads.filter((url) => url === '/operator/pages.json')).toHaveLength(2);
    // The remotes the page's HTML named keep their pages, though their tables cannot be read now.
    expect(within(header).getByRole('link', { name: 'Vehicles' })).toBeVisible();
    await clickAndSettle(link);
    // The operator's code is not deployed here: its page's retry panel, not the 404 page.
    expect(await screen.findByRole('alert', undefined, SERVER)).toHaveTextContent('We couldn’t load today’s desk.');
  });

  it('are never asked for by a customer’s browser', async () => {
    const signUp = await api.register({
      name: 'Asha Verma',
      email: uniqueEmail('customer'),
      password: 'correct-horse-battery',
      avatar: 'avatar2',
    });
    if (!signUp.ok || !signUp.body.token) throw new Error('Could not register.');
    const requests = jest.spyOn(globalThis, 'fetch');
    await renderSite('/about', TEST_SITE, remotesFile);
    await signIn(signUp.body.token);

    // A staff member's browser asks at once, from the effect that sees the role: this one never does.
    const asked = requests.mock.calls.map(([input]) =>
      typeof input === 'string' ? input : 'href' in input ? input.href : input.url,
    );
    requests.mockRestore();
    expect(asked.filter((url) => url.startsWith(remotesFile.replace('/remotes.json', '')))).toEqual([]);
    expect(reads).toEqual([]);
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Operations' })).not.toBeInTheDocument();
  });
});
