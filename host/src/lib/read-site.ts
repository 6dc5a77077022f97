import { remoteFileUrl, SITE_CONFIG_ID } from '@rentora/shared';
import { EMPTY_SITE, PAGE_TABLE_FILE, remotesWithoutRows, siteOf, type RemoteTable, type Site } from '@rentora/state';

async function readJson<T>(url: string): Promise<T | undefined> {
  try {
    const response = await fetch(url, { cache: 'no-cache' });
    return response.ok ? ((await response.json()) as T) : undefined;
  } catch {
    return undefined;
  }
}

/** Each of these remotes' own `pages.json`, read now: undefined for one that could not be read. */
async function readRemoteTables(
  remotes: Readonly<Record<string, string>>,
  names: readonly string[],
): Promise<Record<string, RemoteTable | undefined>> {
  const tables = await Promise.all(
    names.map(
      async (name) => [name, await readJson<RemoteTable>(remoteFileUrl(remotes[name] ?? '', PAGE_TABLE_FILE))] as const,
    ),
  );
  return Object.fromEntries(tables);
}

/** A site as read now, and whether every remote's table is in it. */
export interface WholeSite {
  site: Site;
  complete: boolean;
}

/**
 * The one reader of remote tables: the site of `remotes` with the tables of `reread` read now, and
 * `known`'s rows of every other remote and of one whose read fails (`siteOf`); `complete` once
 * every table read is in.
 */
async function readTablesOf(
  remotes: Record<string, string>,
  known: Site,
  reread: readonly string[],
): Promise<WholeSite> {
  const tables = await readRemoteTables(remotes, reread);
  return { site: siteOf(remotes, tables, known), complete: reread.every((name) => tables[name] !== undefined) };
}

/**
 * The site as the server that sent the page wrote it in (`SITE_CONFIG_ID`), with the table of any
 * remote that was too slow for the server's short wait read from here, so its pages and modals
 * still work (and a page the server answered 404 for shows once its table is in). On a plain
 * static host: `remotes.json` beside index.html and each remote's own `pages.json`, read now.
 * Either way the remotes, and the pages they bring, change with no host rebuild.
 */
export async function readSiteAtStart(): Promise<Site> {
  const inline = document.getElementById(SITE_CONFIG_ID)?.textContent;
  if (inline) {
    const written = JSON.parse(inline) as Site;
    return (await readTablesOf(written.remotes, written, remotesWithoutRows(written))).site;
  }
  const remotes = (await readJson<Record<string, string>>('/remotes.json')) ?? {};
  return (await readTablesOf(remotes, EMPTY_SITE, Object.keys(remotes))).site;
}

/**
 * Every remote and every page, for a staff member's browser: a consumer page's HTML leaves out the
 * pages no customer may see (`siteForPage`), so the operator side costs the
 * consumer pages nothing. Read from `remotes.json` and each remote's table, keeping `known`'s rows
 * of a remote whose table cannot be read now. Undefined when `remotes.json` cannot be read.
 */
export async function readWholeSite(
  known: Site,
  remotesFile = new URL('/remotes.json', document.baseURI).href,
): Promise<WholeSite | undefined> {
  const remotes = await readJson<Record<string, string>>(remotesFile);
  return remotes && readTablesOf(remotes, known, Object.keys(remotes));
}
