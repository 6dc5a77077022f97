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

/** A site as read now, and whether every remote's table is in it. */
export interface WholeSite {
  config: SiteConfig;
  complete: boolean;
}

const hasRows = ({ table }: SiteConfig, remote: string) =>
  [...table.pages, ...table.modals].some((row) => row.remote === remote);

/**
 * The one reader of remote tables: the site of `remotes`, each remote's table read now where
 * `rereads(name)`, else the rows `known` has of it (also when its read fails: a remote being
 * deployed keeps what the site knew of it, and the site is not `complete` until it is read).
 */
async function siteOf(
  remotes: Record<string, string>,
  known: SiteConfig,
  rereads: (remote: string) => boolean,
): Promise<WholeSite> {
  const names = Object.keys(remotes);
  const tables = await readRemoteTables(Object.fromEntries(Object.entries(remotes).filter(([name]) => rereads(name))));
  const pages: SiteTable['pages'] = [];
  const modals: SiteTable['modals'] = [];
  for (const name of names) {
    const table = tables[name];
    const rows = table
      ? siteTableOf({ [name]: table })
      : {
          pages: known.table.pages.filter(({ remote }) => remote === name),
          modals: known.table.modals.filter(({ remote }) => remote === name),
        };
    pages.push(...rows.pages);
    modals.push(...rows.modals);
  }
  return {
    config: { remotes, table: { pages, modals } },
    complete: names.every((name) => !rereads(name) || tables[name] !== undefined),
  };
}

/**
 * The site as the server that sent the page wrote it in (`SITE_CONFIG_ID`), with the table of any
 * remote that was too slow for the server's short wait read from here, so its pages and modals
 * still work (and a page the server answered 404 for shows once its table is in). On a plain
 * static host: `remotes.json` beside index.html and each remote's own `pages.json`, read now.
 * Either way the remotes, and the pages they bring, change with no host rebuild.
 */
export async function readSiteConfig(): Promise<SiteConfig> {
  const inline = document.getElementById(SITE_CONFIG_ID)?.textContent;
  if (inline) {
    const written = JSON.parse(inline) as SiteConfig;
    return (await siteOf(written.remotes, written, (remote) => !hasRows(written, remote))).config;
  }
  const remotes = (await readJson<Record<string, string>>('/remotes.json')) ?? {};
  return (await siteOf(remotes, EMPTY_SITE_CONFIG, () => true)).config;
}

/**
 * Every remote and every page, for a staff member's browser: a consumer page's HTML leaves out the
 * pages no customer may see (platform/src/site/inline-site.ts), so the operator side costs the
 * consumer pages nothing. Read from `remotes.json` and each remote's table, keeping `known`'s rows
 * of a remote whose table cannot be read now. Undefined when `remotes.json` cannot be read.
 */
export async function readWholeSite(
  known: SiteConfig,
  remotesFile = new URL('/remotes.json', document.baseURI).href,
): Promise<WholeSite | undefined> {
  const remotes = await readJson<Record<string, string>>(remotesFile);
  return remotes && siteOf(remotes, known, () => true);
}
