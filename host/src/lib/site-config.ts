import { remoteFileUrl, SITE_CONFIG_ID } from '@rentora/shared';
import { EMPTY_SITE_TABLE, PAGE_TABLE_FILE, siteTableOf, type RemoteTable, type SiteTable } from '@rentora/state';

/** What the host learns at run time: where each remote is, and the pages and modals their tables declare. */
export interface SiteConfig {
  remotes: Record<string, string>;
  table: SiteTable;
}

export const EMPTY_SITE_CONFIG: SiteConfig = { remotes: {}, table: EMPTY_SITE_TABLE };

async function readJson<T>(url: string): Promise<T | undefined> {
  try {
    const response = await fetch(url, { cache: 'no-cache' });
    return response.ok ? ((await response.json()) as T) : undefined;
  } catch {
    return undefined;
  }
}

/** Each remote's own `pages.json`, read now: undefined for one that could not be read. */
async function readRemoteTables(remotes: Record<string, string>): Promise<Record<string, RemoteTable | undefined>> {
  const tables = await Promise.all(
    Object.entries(remotes).map(
      async ([name, url]) => [name, await readJson<RemoteTable>(remoteFileUrl(url, PAGE_TABLE_FILE))] as const,
    ),
  );
  return Object.fromEntries(tables);
}

/** The pages and modals of these remotes, each read from its own `pages.json` now. */
async function readTables(remotes: Record<string, string>): Promise<SiteTable> {
  return siteTableOf(await readRemoteTables(remotes));
}

/**
 * The server writes in only the tables it could read within its short wait: a remote that was
 * slow to answer it has no row, and is read from the browser instead, so its pages and modals
 * still work (and a page the server answered 404 for shows once its table is in).
 */
async function withUnreadTables(config: SiteConfig): Promise<SiteConfig> {
  const read = new Set([...config.table.pages, ...config.table.modals].map(({ remote }) => remote));
  const unread = Object.entries(config.remotes).filter(([name]) => !read.has(name));
  if (unread.length === 0) return config;
  const late = await readTables(Object.fromEntries(unread));
  return {
    remotes: config.remotes,
    table: { pages: [...config.table.pages, ...late.pages], modals: [...config.table.modals, ...late.modals] },
  };
}

/**
 * The site as the server that sent the page wrote it in (`SITE_CONFIG_ID`); on a plain static
 * host, `remotes.json` beside index.html and each remote's own `pages.json`, read now. Either way
 * the remotes, and the pages they bring, change with no host rebuild.
 */
export async function readSiteConfig(): Promise<SiteConfig> {
  const inline = document.getElementById(SITE_CONFIG_ID)?.textContent;
  if (inline) return withUnreadTables(JSON.parse(inline) as SiteConfig);
  const remotes = (await readJson<Record<string, string>>('/remotes.json')) ?? {};
  return { remotes, table: await readTables(remotes) };
}

/** The whole site as read now, and whether every remote's table was in it. */
export interface WholeSite {
  config: SiteConfig;
  complete: boolean;
}

/**
 * Every remote and every page, for a staff member's browser: a consumer page's HTML leaves out the
 * pages no customer may see (platform/src/site/inline-site.ts), so the operator side costs the
 * consumer pages nothing. Read from `remotes.json` and each remote's table; a remote whose table
 * cannot be read now keeps the rows `known` has of it (and the site is not `complete`). Undefined
 * when `remotes.json` cannot be read.
 */
export async function readWholeSite(
  known: SiteConfig,
  remotesFile = new URL('/remotes.json', document.baseURI).href,
): Promise<WholeSite | undefined> {
  const remotes = await readJson<Record<string, string>>(remotesFile);
  if (!remotes) return undefined;
  const tables = await readRemoteTables(remotes);
  const pages: SiteTable['pages'] = [];
  const modals: SiteTable['modals'] = [];
  for (const name of Object.keys(remotes)) {
    const table = tables[name];
    const read = table
      ? siteTableOf({ [name]: table })
      : {
          pages: known.table.pages.filter((page) => page.remote === name),
          modals: known.table.modals.filter((modal) => modal.remote === name),
        };
    pages.push(...read.pages);
    modals.push(...read.modals);
  }
  return {
    config: { remotes, table: { pages, modals } },
    complete: Object.keys(remotes).every((name) => tables[name] !== undefined),
  };
}
