import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SITE_CONFIG_ID } from '@rentora/shared';
import { siteTableOf, type RemoteTable, type Site } from '@rentora/state';
import { readSiteAtStart, readWholeSite } from './read-site';

const catalogTable: RemoteTable = {
  pages: [
    {
      name: 'fleet',
      path: '/vehicles',
      title: 'Vehicles',
      expose: './FleetPage',
      reads: ['/api/vehicles'],
      what: 'the fleet',
      access: 'everyone',
      skeleton: '<p>Loading…</p>',
      styles: [],
      css: '',
    },
  ],
  modals: [],
};
const accountTable: RemoteTable = { pages: [], modals: [{ name: 'auth', expose: './AuthModal', what: 'sign-up' }] };

/** A remote's real file server: answers its `pages.json` and counts the reads. */
let server: Server;
let accountUrl: string;
let tableReads = 0;
/** What the site's `remotes.json` says now. */
let remotesNow: Record<string, string> = {};
/** A remote that cannot be read: nothing listens there. */
const UNREACHABLE = 'http://127.0.0.1:9/';

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/remotes.json') {
      return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(remotesNow));
    }
    if (request.url !== '/pages.json') return response.writeHead(404).end();
    tableReads += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(accountTable));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  accountUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  tableReads = 0;
});
afterEach(() => document.getElementById(SITE_CONFIG_ID)?.remove());

function serverWrote(tables: Record<string, RemoteTable | undefined>) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = SITE_CONFIG_ID;
  const remotes = { catalog: 'http://catalog.invalid/', account: accountUrl };
  script.textContent = JSON.stringify({ remotes, table: siteTableOf(tables) });
  document.head.append(script);
}

describe('readSiteAtStart from the page the server wrote', () => {
  it('takes the tables as written, reading nothing more, when every remote is in them', async () => {
    serverWrote({ catalog: catalogTable, account: accountTable });
    const config = await readSiteAtStart();
    expect(config.table).toEqual(siteTableOf({ catalog: catalogTable, account: accountTable }));
    expect(tableReads).toBe(0);
  });

  it('reads the table of a remote the server could not reach in time, so its modals still open', async () => {
    serverWrote({ catalog: catalogTable });
    const config = await readSiteAtStart();
    expect(config.table.pages.map(({ path, remote }) => [remote, path])).toEqual([['catalog', '/vehicles']]);
    expect(config.table.modals).toEqual([{ name: 'auth', expose: './AuthModal', what: 'sign-up', remote: 'account' }]);
    expect(tableReads).toBe(1);
  });
});

describe('readWholeSite, for a staff member’s browser', () => {
  const remotesFile = () => new URL('/remotes.json', accountUrl).href;
  const known: Site = {
    remotes: { catalog: UNREACHABLE, retired: UNREACHABLE },
    table: siteTableOf({
      catalog: catalogTable,
      retired: { pages: [], modals: [{ name: 'profile', expose: './ProfileModal', what: 'the profile' }] },
    }),
  };

  it('reads every remote remotes.json lists, and is complete once each table is in', async () => {
    remotesNow = { account: accountUrl };
    const site = await readWholeSite(known, remotesFile());
    expect(site).toEqual({
      site: { remotes: remotesNow, table: siteTableOf({ account: accountTable }) },
      complete: true,
    });
  });

  it('keeps what it knew of a remote it cannot read now, drops one no longer listed, and is not complete', async () => {
    remotesNow = { catalog: UNREACHABLE, account: accountUrl };
    const site = await readWholeSite(known, remotesFile());
    expect(site?.complete).toBe(false);
    expect(site?.site.table).toEqual(siteTableOf({ catalog: catalogTable, account: accountTable }));
  });

  it('is undefined when remotes.json cannot be read', async () => {
    expect(await readWholeSite(known, `${UNREACHABLE}remotes.json`)).toBeUndefined();
  });
});
