import { remoteFileUrl } from '@rentora/shared/apps';
import { escapeHtml, REMOTE_URL_PLACEHOLDER } from '@rentora/shared/first-paint';
import {
  PAGE_TABLE_FILE,
  type PageEntry,
  type RemoteTable,
  type SiteModal,
  type SitePage,
} from '@rentora/state/page-table';
import { createManifestReader, type RemoteFiles } from './remote-manifests';
import { createRevalidatingReader, type RevalidatingReaderOptions } from './revalidating-reader';
import { cspHashOf } from './site-headers';

/**
 * A remote page as the server writes it: the site's page (`SitePage`) with its HTML and CSS ready
 * for the page, and its CSS's CSP hash.
 */
export interface ServedPage extends PageEntry, SitePage {
  cssHash: string;
}

/** What the server knows of the remotes at one moment: their tables and manifests, as one version. */
export interface RemotesNow {
  /** Changes whenever a remote's table or manifest does. */
  version: number;
  /** Every remote's rows, in the order the remotes are listed: its pages as the server writes them. */
  table: { pages: ServedPage[]; modals: SiteModal[] };
  manifests: Map<string, RemoteFiles>;
  /** The remotes whose table the server does not have (never read, or answered with an error): their pages are unknown, not absent. */
  unread: readonly string[];
}

/** How long `ready` waits between two tries to read the tables still missing. */
const READY_RETRY_MS = 100;

/** The remote's CSS moved into the host's page: relative URLs keep pointing at the remote. */
export function cssFromRemote(css: string, cssFileUrl: string): string {
  return css.replace(
    /url\((['"]?)(?!data:|[a-z][a-z0-9+.-]*:|\/\/|#)([^'")]+)\1\)/gi,
    (_match, quote: string, url: string) => `url(${quote}${new URL(url, cssFileUrl).toString()}${quote})`,
  );
}

/** A remote's table read from its origin, its pages' asset URLs pointing there; undefined if it is not one. */
export function servedTable(
  remote: string,
  remoteBaseUrl: string,
  body: unknown,
): (RemoteTable & { pages: ServedPage[] }) | undefined {
  const table = body as Partial<RemoteTable> | null;
  if (!table || !Array.isArray(table.pages) || !Array.isArray(table.modals)) return undefined;
  const base = escapeHtml(remoteFileUrl(remoteBaseUrl, ''));
  const tableUrl = remoteFileUrl(remoteBaseUrl, PAGE_TABLE_FILE);
  // A replacer function: a `$` in the URL is never read as a replacement pattern.
  const atRemote = (html: string) => html.replaceAll(REMOTE_URL_PLACEHOLDER, () => base);
  const pages: ServedPage[] = [];
  for (const page of table.pages) {
    // Nothing in a page's CSS may end the element it is written into.
    if (typeof page.css !== 'string' || /<\/style/i.test(page.css) || typeof page.skeleton !== 'string') continue;
    const css = cssFromRemote(page.css, tableUrl);
    pages.push({
      ...page,
      remote,
      skeleton: atRemote(page.skeleton),
      ...(typeof page.firstPaint === 'string' && { firstPaint: atRemote(page.firstPaint) }),
      css,
      cssHash: cspHashOf(css),
    });
  }
  return { pages, modals: table.modals };
}

/**
 * Every remote's live `pages.json` and `mf-manifest.json`, revalidated as the pages go out (at most
 * every `freshForMs`), so a remote deployed alone changes the site's pages, links and hints with no
 * host rebuild; a remote that cannot be read adds nothing until it can.
 */
export function createRemoteTables(
  remoteUrls: Readonly<Record<string, string>>,
  options: RevalidatingReaderOptions,
): { read: () => Promise<RemotesNow>; ready: (withinMs: number) => Promise<readonly string[]> } {
  const remotes = Object.entries(remoteUrls).map(([name, baseUrl]) => ({
    name,
    table: createRevalidatingReader(
      remoteFileUrl(baseUrl, PAGE_TABLE_FILE),
      (body) => servedTable(name, baseUrl, body),
      // A remote that cannot be reached for a moment keeps its pages: they show its retry panel, not a 404.
      { ...options, keepOnFailure: true },
    ),
    manifest: createManifestReader(baseUrl, options),
  }));
  let last: { inputs: unknown[]; now: RemotesNow } | undefined;

  const read = async (): Promise<RemotesNow> => {
    const read = await Promise.all(
      remotes.map(async ({ name, table, manifest }) => {
        const [served, files] = await Promise.all([table(), manifest()]);
        return { name, table: served, manifest: files };
      }),
    );
    const inputs = read.flatMap(({ table, manifest }) => [table, manifest]);
    if (last && inputs.every((input, index) => input === last?.inputs[index])) return last.now;
    const now: RemotesNow = {
      version: (last?.now.version ?? 0) + 1,
      table: {
        pages: read.flatMap(({ table: remoteTable }) => remoteTable?.pages ?? []),
        modals: read.flatMap(({ name, table: remoteTable }) =>
          (remoteTable?.modals ?? []).map((modal) => ({ ...modal, remote: name })),
        ),
      },
      manifests: new Map(read.flatMap(({ name, manifest }) => (manifest ? [[name, manifest] as const] : []))),
      unread: read.flatMap(({ name, table: remoteTable }) => (remoteTable ? [] : [name])),
    };
    last = { inputs, now };
    return now;
  };

  return {
    read,
    // Tries again until every table is in or `withinMs` has passed; resolves with those still unread.
    ready: async (withinMs) => {
      const deadline = performance.now() + withinMs;
      for (;;) {
        const { unread } = await read();
        if (unread.length === 0 || performance.now() >= deadline) return unread;
        await new Promise((resolve) => setTimeout(resolve, READY_RETRY_MS));
      }
    },
  };
}
