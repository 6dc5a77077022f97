import type { ReactElement } from 'react';
import { generatePath, matchPath as matchRoute } from 'react-router-dom';
import type { ModalName } from './stores/modal';
import { decodedPath } from './paths';

/**
 * A remote's pages, as the remote declares them in one typed table in its own folder
 * (`src/pages.tsx`) and its build writes beside its `mf-manifest.json` (`pages.json`). The host's
 * server and its browser app read every remote's live table (docs/architecture.md §2): routes,
 * header links, each page's HTML, preloads and first reads all come from it, so a remote adds a
 * page by deploying itself. This package holds the table's types and the one path matcher, never
 * a remote's rows.
 *
 * A remote's page has one shape declared and one served: `PageDeclaration` in the remote's source,
 * written to `pages.json` as its `PageEntry` (the same fields, its HTML rendered), and `SitePage`
 * as the site serves it, with its remote (on the server `ServedPage`, the same with its HTML).
 * The host's own pages are `OwnPage`s.
 */

/** The file a remote's build writes beside its `mf-manifest.json`. */
export const PAGE_TABLE_FILE = 'pages.json';

/** The roles an account can have; a page may be for some of them only. */
export type Role = 'customer' | 'operator' | 'admin';

/** Who may see a page: everyone, or signed-in readers with one of these roles. */
export type PageAccess = 'everyone' | { readonly roles: readonly Role[] };

/** A link to the page in the site's navigation (header, phone menu, footer), ordered by `order`. */
export interface NavLinkDeclaration {
  label: string;
  order: number;
}

/**
 * One of the host's own pages (About): the host's build prerenders it whole, and the server
 * finds it in the build's index of its shells, by this shape.
 */
export interface OwnPage {
  path: string;
  /** The name of its prerendered file (`dist/pages/<name>.html`). */
  name: string;
  title: string;
  nav?: NavLinkDeclaration;
}

/** What a page declares in its remote's source table, rendered by the remote's build. */
export interface PageDeclaration<Expose extends `./${string}` = `./${string}`> {
  /**
   * What other apps link it by (`usePagePath`), so that none writes another's
   * path: `fleet`. Lower-case words joined by hyphens, one per page across the site.
   */
  name: string;
  /** The router's pattern, in react-router's syntax: `/vehicles/:vehicleId`. */
  path: string;
  /** The document's title; null when the page renders its own `<title>` (a car's name). */
  title: string | null;
  /** The exposed module that renders it (no props: it reads the route and the stores). */
  expose: Expose;
  /** The API reads it starts with, as URL patterns over the path's parameters: `/api/vehicles/:vehicleId`. */
  reads: readonly string[];
  /** What the reader misses when it cannot load, in words: 'the fleet' ("We couldn’t load the fleet."). */
  what: string;
  /** Its link in the site's navigation, if it has one. */
  nav?: NavLinkDeclaration;
  access: PageAccess;
  /**
   * What it shows before its code and data arrive, rendered at build: the host shows it while the
   * code loads, and the server when it cannot paint the page's data.
   */
  skeleton: () => ReactElement;
  /**
   * The page painted from HTML with its data: rendered at build with first-paint tokens
   * (`@rentora/shared/first-paint`), filled in by the server from the page's first read.
   */
  firstPaint?: () => ReactElement;
}

/** A modal a remote renders in the host's modal outlet, named in the shared `$modal` store. */
export interface ModalDeclaration<Expose extends `./${string}` = `./${string}`> {
  expose: Expose;
  /** What the reader misses when it cannot load: 'booking'. */
  what: string;
}

/** A remote's whole table, as its `src/pages.tsx` exports it. */
export interface RemoteTableDeclaration<Expose extends `./${string}` = `./${string}`> {
  pages: readonly PageDeclaration<Expose>[];
  modals: Partial<Record<ModalName, ModalDeclaration<Expose>>>;
}

type ModalExposes<Modals> = {
  [Name in keyof Modals]: Modals[Name] extends { expose: infer Expose extends string } ? Expose : never;
}[keyof Modals];

/** The exposes a table names; a remote's federation config must expose exactly these. */
export type ExposesOf<Table extends RemoteTableDeclaration> =
  Table['pages'][number]['expose'] | ModalExposes<Table['modals']>;

/** The `exposes` map of a remote's federation config: every expose its table names, no other. */
export type ExposesConfig<Table extends RemoteTableDeclaration> = Record<ExposesOf<Table>, string>;

/** One page in `pages.json`: its declaration as the remote's build wrote it, its HTML rendered. */
export interface PageEntry extends Omit<PageDeclaration, 'reads' | 'skeleton' | 'firstPaint'> {
  reads: string[];
  skeleton: string;
  firstPaint?: string;
  /** The stylesheets its exposed module loads, relative to the remote's base URL. */
  styles: string[];
  /** Their text, for the server to write inline with a first paint or a skeleton. */
  css: string;
}

export interface ModalEntry {
  name: ModalName;
  expose: `./${string}`;
  what: string;
}

/** A remote's `pages.json`. */
export interface RemoteTable {
  pages: PageEntry[];
  modals: ModalEntry[];
}

/**
 * A page of the site as it is served: its entry with the remote it belongs to, as the router, the
 * navigation and the start-up code know it. The server's page (`ServedPage` in `@rentora/platform`)
 * is this with the HTML and CSS only the server writes.
 */
export interface SitePage extends Omit<PageEntry, 'skeleton' | 'firstPaint' | 'css'> {
  remote: string;
}

export interface SiteModal extends ModalEntry {
  remote: string;
}

/** Every remote's table, in the order the remotes are listed (a path two remotes claim is the first's). */
export interface SiteTable {
  pages: SitePage[];
  modals: SiteModal[];
}

export const EMPTY_SITE_TABLE: SiteTable = { pages: [], modals: [] };

/** A remote's page as the site serves it: its entry's fields the router and the browser use, with its remote. */
export function sitePageOf(remote: string, page: PageEntry): SitePage {
  const { name, path, title, expose, reads, what, nav, access, styles } = page;
  return { remote, name, path, title, expose, reads, what, ...(nav && { nav }), access, styles };
}

/** The site's table from each remote's (a remote whose table could not be read adds nothing). */
export function siteTableOf(tables: Readonly<Record<string, RemoteTable | undefined>>): SiteTable {
  const pages: SitePage[] = [];
  const modals: SiteModal[] = [];
  for (const [remote, table] of Object.entries(tables)) {
    if (!table) continue;
    pages.push(...table.pages.map((page) => sitePageOf(remote, page)));
    modals.push(...table.modals.map((modal) => ({ ...modal, remote })));
  }
  return { pages, modals };
}

/** The id the federation runtime loads an exposed module by: `catalog/FleetPage`. */
export const moduleIdOf = ({ remote, expose }: { remote: string; expose: string }) =>
  `${remote}/${expose.replace(/^\.\//, '')}`;

/**
 * The names of a route pattern's parameters, in order: `:name` (`:name?` when optional), and `*`
 * for the rest of the path, in react-router's syntax.
 */
export function parametersOf(pattern: string): string[] {
  const names = [...pattern.matchAll(/\/:([\w-]+)/g)].map(([, name = '']) => name);
  return pattern.endsWith('*') ? [...names, '*'] : names;
}

/** Whether a pattern has parameters (a page with none can have a navigation link). */
export function hasParameters(pattern: string): boolean {
  return parametersOf(pattern).length > 0;
}

/**
 * The pattern's parameters in `pathname` (an optional one that is absent as ''), or undefined
 * when it does not match. react-router's `matchPath`, so the router's `<Routes>`, the server and
 * the start-up code match paths alike: case-insensitive, a trailing slash allowed, `:name` one
 * segment.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | undefined {
  const found = matchRoute(pattern, decodedPath(pathname));
  if (!found) return undefined;
  return Object.fromEntries(Object.entries(found.params).map(([key, value]) => [key, value ?? '']));
}

export interface PageMatch<Page extends SitePage = SitePage> {
  page: Page;
  params: Record<string, string>;
  /** The API reads the page starts with, as the client asks for them. */
  reads: string[];
}

/** A pattern's path with these parameters, each URL-encoded (react-router's `generatePath`). */
export function pathWith(pattern: string, params: Readonly<Record<string, string>>): string {
  return generatePath(pattern, params);
}

/** The reads of a page for these parameters. */
export function readsOf(page: Pick<PageEntry, 'reads'>, params: Readonly<Record<string, string>>): string[] {
  return page.reads.map((read) => pathWith(read, params));
}

/** Where each page is, by name: the first page of a name wins, as the first of a path does. */
export function pagePathsOf(pages: readonly { name: string; path: string }[]): Record<string, string> {
  const paths: Record<string, string> = {};
  for (const { name, path } of pages) paths[name] ??= path;
  return paths;
}

/** The remote page at `pathname` (the first of the table's there), or undefined when no remote has one. */
export function matchPage<Page extends SitePage>(
  table: { readonly pages: readonly Page[] },
  pathname: string,
): PageMatch<Page> | undefined {
  for (const page of table.pages) {
    const params = matchPath(page.path, pathname);
    if (params) return { page, params, reads: readsOf(page, params) };
  }
  return undefined;
}

/** What an address shows: one of the host's own pages, else a remote's page, else (undefined) the 404 page. */
export type SiteMatch<Own, Page extends SitePage = SitePage> =
  { own: Own; remote?: undefined } | { own?: undefined; remote: PageMatch<Page> } | undefined;

/**
 * The page at `pathname`, matched once per request by the server and once per address by the
 * browser, alike: the host's own pages first, then the remotes' in the table's order.
 */
export function matchSite<Own extends { readonly path: string }, Page extends SitePage>(
  own: readonly Own[],
  table: { readonly pages: readonly Page[] },
  pathname: string,
): SiteMatch<Own, Page> {
  const hostPage = own.find(({ path }) => matchPath(path, pathname));
  if (hostPage) return { own: hostPage };
  const remote = matchPage(table, pathname);
  return remote && { remote };
}

/**
 * The read of what the page's path names: its first read, when the path has parameters (the car of
 * `/vehicles/:vehicleId`). When the API answers it 404, the page is the site's 404 page, as the
 * server sends it and as the browser shows it (docs/architecture.md §2).
 */
export function subjectRead({ page, reads }: PageMatch): string | undefined {
  return hasParameters(page.path) ? reads[0] : undefined;
}

/** Whether a reader with `role` (undefined: signed out, or not known yet) may see a page. */
export function mayView(access: PageAccess, role: Role | undefined): boolean {
  return access === 'everyone' || (role !== undefined && access.roles.includes(role));
}

/**
 * A page no customer may see (the operator side's): no other page's HTML carries it, and a staff
 * member's browser reads it once their role is known (docs/architecture.md §2).
 */
export function isStaffOnly(access: PageAccess): boolean {
  return !mayView(access, 'customer');
}

export interface NavLink {
  to: string;
  label: string;
  order: number;
}

/** The navigation's links: the host's own and every page's the reader may see, in their order. */
export function navLinksOf(table: SiteTable, own: readonly NavLink[], role: Role | undefined): NavLink[] {
  const pages = table.pages
    .filter((page) => page.nav && mayView(page.access, role) && !hasParameters(page.path))
    .map((page) => ({ to: page.path, ...(page.nav as NavLinkDeclaration) }));
  return [...own, ...pages].sort((a, b) => a.order - b.order);
}

export { linksHere } from './paths';
