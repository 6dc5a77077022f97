import type { PageEntry, RemoteTable } from './page-table';
import { EMPTY_SITE, remotesWithoutRows, siteForPage, siteOf } from './site';

const entry = (name: string, path: string, access: PageEntry['access'] = 'everyone'): PageEntry => ({
  name,
  path,
  title: null,
  expose: './Page',
  reads: [],
  what: name,
  access,
  skeleton: '<p>…</p>',
  styles: [],
  css: '',
});
const catalog: RemoteTable = { pages: [entry('fleet', '/vehicles')], modals: [] };
const account: RemoteTable = { pages: [], modals: [{ name: 'auth', expose: './AuthModal', what: 'sign-up' }] };
const operator: RemoteTable = {
  pages: [entry('operator-fleet', '/operator/fleet', { roles: ['operator', 'admin'] })],
  modals: [],
};
const remotes = { catalog: 'https://catalog.test/', account: 'https://account.test/', operator: 'https://ops.test/' };

describe('siteOf', () => {
  it('lists each remote’s rows in the remotes’ order, without the HTML only the server writes', () => {
    const site = siteOf(remotes, { operator, catalog, account });
    expect(site.remotes).toEqual(remotes);
    expect(site.table.pages.map(({ remote, path }) => [remote, path])).toEqual([
      ['catalog', '/vehicles'],
      ['operator', '/operator/fleet'],
    ]);
    expect(site.table.pages[0]).not.toHaveProperty('skeleton');
    expect(site.table.modals).toEqual([{ name: 'auth', expose: './AuthModal', what: 'sign-up', remote: 'account' }]);
  });

  it('keeps the known rows of a remote whose table is not in, and drops a remote no longer listed', () => {
    const known = siteOf(remotes, { catalog, account, operator });
    const site = siteOf({ catalog: remotes.catalog, account: remotes.account }, { account }, known);
    expect(site.table.pages.map(({ remote, path }) => [remote, path])).toEqual([['catalog', '/vehicles']]);
    expect(remotesWithoutRows(site)).toEqual([]);
    expect(remotesWithoutRows(siteOf(remotes, { account }, EMPTY_SITE))).toEqual(['catalog', 'operator']);
  });
});

describe('siteForPage', () => {
  const site = siteOf(remotes, { catalog, account, operator });

  it('leaves the pages no customer may see, and a remote left with nothing, out of every other page', () => {
    const carried = siteForPage(site, { staffPage: false, unread: [] });
    expect(carried.remotes).toEqual({ catalog: remotes.catalog, account: remotes.account });
    expect(carried.table.pages.map(({ path }) => path)).toEqual(['/vehicles']);
    expect(carried.table.modals).toEqual(site.table.modals);
  });

  it('carries the whole site in a staff-only page', () => {
    expect(siteForPage(site, { staffPage: true, unread: [] })).toEqual(site);
  });

  it('keeps a remote the server could not read listed, for the browser to read', () => {
    const unreadCatalog = siteOf(remotes, { account, operator });
    expect(siteForPage(unreadCatalog, { staffPage: false, unread: ['catalog'] }).remotes).toEqual({
      catalog: remotes.catalog,
      account: remotes.account,
    });
  });
});
