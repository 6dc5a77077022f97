import {
  escapeHtml,
  FIRST_PAINT_ATTRIBUTE,
  HEAD_MARKER,
  inlineJson,
  NAV_HREF_TOKEN,
  NAV_LABEL_TOKEN,
  navListMarker,
  PAGE_LINK_TOKENS,
  PAGE_MARKER,
  PAGE_SLOT_ATTRIBUTE,
  SITE_CONFIG_ID,
  SUSPENSE_END,
  SUSPENSE_START,
} from '@rentora/shared/first-paint';
import { setWithinBound } from '@rentora/shared/bounded-map';
import { businessToday } from '@rentora/shared/format';
import {
  isStaffOnly,
  linksHere,
  matchSite,
  moduleIdOf,
  navLinksOf,
  pagePathsOf,
  sitePageOf,
  subjectRead,
  type SiteTable,
  type NavLink,
} from '@rentora/state/page-table';
import { siteForPage } from '@rentora/state/site';
import { fillDays, fillFirstPaint } from './fill-first-paint';
import { pageHints } from './page-hints';
import { fontsOfPage } from './web-fonts';
import { createRemoteTables, type RemotesNow, type ServedPage } from './remote-tables';
import { REMOTE_SHELL } from './shell-files';
import { createShellReader, type HostShells, type Shell } from './shell-templates';

/**
 * The host's page as the server writes it (docs/architecture.md §2): the host's prerendered shell
 * (dist/pages/), the navigation's links and the page itself from the remotes' live page tables
 * (the page's own first paint with its data, or its skeleton), the remotes' URLs and tables
 * inline (staff-only pages only in their own: `siteForPage`), and hints that start the page's
 * remote files and data after its first paint. A page whose path names something the API answers
 * 404 for (a car not in the fleet: `subjectRead`) is the 404 page. Every page is kept, as one
 * object, for as long as what it was made from holds (the host's build, the remotes' tables and
 * manifests, the answer to the page's own first read, the business day its dates count from), so
 * it is written once per version of those.
 */

/** The API's answer to a page's first read: its status, and its JSON body when it is 200. */
export interface ReadAnswer {
  statusCode: number;
  body?: unknown;
  /**
   * What version of the read this answer is: the same for the same answer (the API's ETag, else a
   * hash of what it sent); undefined when it cannot be told, and a page made from it is not kept.
   */
  version?: string;
}

export interface PageData {
  /** The page's first API read, answered in the server's own process. */
  read: (url: string) => Promise<ReadAnswer>;
  /**
   * Moves on with every change the reads may show (the API's change signal). A read asked before
   * the latest change is asked again however fresh it is, so the next page written on this
   * instance shows what a write just changed, as the API's own answer does (ADR 0018).
   */
  changes?: () => number;
}

export interface HostPagesOptions {
  /** The host's build folder. */
  root: string;
  remoteUrls: Readonly<Record<string, string>>;
  /** How long a page waits for a remote's table or manifest before it goes out without them. */
  manifestTimeoutMs?: number;
  /** How long the remotes' files, the host's shells and each read's answer are taken as current. */
  freshForMs?: number;
  /** What a first paint that shows data reads; without it, such pages send their skeleton. */
  pageData?: PageData;
  /** How long a page waits for its data before it goes out with its skeleton. */
  dataTimeoutMs?: number;
  /**
   * Today in the business time zone (YYYY-MM-DD), from the server's own clock: the day a page's
   * day tokens count from (`firstPaintDay`). The API's (`app.today`, its `BUSINESS_TZ`); India's
   * by default.
   */
  today?: () => string;
}

/** The HTML answer to a page's request, with what its Content-Security-Policy must allow. */
export interface HtmlAnswer {
  statusCode: number;
  html: string;
  /** CSP sources for the page's inline styles. */
  styleHashes: string[];
  /** CSP sources for the page's inline scripts (the host's start-up script). */
  scriptHashes: string[];
}

export interface HostPages {
  /**
   * The page at `pathname`; `search` is the query string, if any (a first paint shows none). The
   * same object for the same page while what it was made from holds.
   */
  render: (pathname: string, search?: string) => Promise<HtmlAnswer>;
  /**
   * Reads every remote's page table, trying again for up to `withinMs`, so the pages served first
   * know the remotes' paths; resolves with the remotes whose table could not be read by then.
   */
  ready: (withinMs: number) => Promise<readonly string[]>;
}

/** Enough for every page of the fleet in each of its versions of the moment, and the others. */
const MAX_KEPT_PAGES = 512;
/** Reads answered lately, one per URL: every car's and the fleet's. */
const MAX_FRESH_READS = 512;

/** The promise's value, or undefined once `ms` have passed or when it fails. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  const timeout = new Promise<undefined>((resolve) => {
    AbortSignal.timeout(ms).addEventListener('abort', () => resolve(undefined));
  });
  return Promise.race([promise.catch(() => undefined), timeout]);
}

/** A page's own `<title>` (React writes it where the page renders it), taken out of its HTML. */
function takeTitle(html: string): { title: string | undefined; html: string } {
  const title = /<title>([^<]*)<\/title>/.exec(html);
  return title ? { title: title[1], html: html.replace(title[0], '') } : { title: undefined, html };
}

/** The navigation lists of a shell, filled with the site's links; `pathname`'s own is marked current. */
function withNavLinks(html: string, shells: HostShells, links: readonly NavLink[], pathname: string): string {
  let filled = html;
  for (const [list, { link, current }] of Object.entries(shells.index.nav)) {
    const items = links
      .map(({ to, label }) =>
        (linksHere(to, pathname, true) ? current : link)
          .replaceAll(NAV_HREF_TOKEN, () => escapeHtml(to))
          .replaceAll(NAV_LABEL_TOKEN, () => escapeHtml(label)),
      )
      .join('');
    filled = filled.replace(navListMarker(list), () => items);
  }
  return filled;
}

/**
 * The links a host page makes to other apps' pages by name (`pageLinkToken`), with their paths from
 * the site's tables. A page the site does not know now (its remote's table could not be read)
 * gets the home page's path: the browser's own render then leaves the link out.
 */
function withPageLinks(html: string, paths: Readonly<Record<string, string>>): string {
  return html.replace(PAGE_LINK_TOKENS, (_token, name: string) => escapeHtml(paths[name] ?? '/'));
}

/** The remotes' rows as a page's HTML carries them: each page without what only the server writes (its HTML and CSS). */
const siteTableOf = ({ table }: RemotesNow): SiteTable => ({
  pages: table.pages.map((page) => sitePageOf(page.remote, page)),
  modals: table.modals,
});

/** A remote's page in its slot: inert when it was painted for another URL than the one asked for. */
function pageSlot(page: ServedPage, html: string, live: boolean): string {
  const content = live ? html : `<div inert="" style="display:contents">${html}</div>`;
  return (
    `<div ${PAGE_SLOT_ATTRIBUTE}="${escapeHtml(moduleIdOf(page))}" style="display:contents">${SUSPENSE_START}` +
    `<div ${FIRST_PAINT_ATTRIBUTE}="" style="display:contents">` +
    // The page cannot be used in full until its code is in: a status says it is loading.
    `<span role="status" class="visually-hidden">Loading…</span>${content}</div>${SUSPENSE_END}</div>`
  );
}

export function createHostPages(options: HostPagesOptions): HostPages {
  const { pageData, dataTimeoutMs = 250, freshForMs = 0, today: todayNow = () => businessToday() } = options;
  const remoteTables = createRemoteTables(options.remoteUrls, { timeoutMs: options.manifestTimeoutMs, freshForMs });
  const readRemotes = remoteTables.read;
  const readShells = createShellReader(options.root, freshForMs);
  const kept = new Map<string, HtmlAnswer>();
  const freshReads = new Map<string, { at: number; changes: number; answer: Promise<ReadAnswer | undefined> }>();

  /**
   * The read's answer, asked at most once per `freshForMs` however many pages want it, and again
   * after any change; undefined when it was too slow.
   */
  const readNow = (url: string, data: PageData) => {
    const now = performance.now();
    // Taken before the read is asked: a change while it is under way makes the next page ask again.
    const changes = data.changes?.() ?? 0;
    const fresh = freshReads.get(url);
    if (fresh && fresh.changes === changes && now - fresh.at < freshForMs) return fresh.answer;
    const answer = within(data.read(url), dataTimeoutMs);
    setWithinBound(freshReads, url, { at: now, changes, answer }, MAX_FRESH_READS);
    return answer;
  };

  const keep = (key: string, page: HtmlAnswer) => {
    setWithinBound(kept, key, page, MAX_KEPT_PAGES);
    return page;
  };

  function compose(
    shells: HostShells,
    remotes: RemotesNow,
    shell: Shell,
    parts: {
      pathname: string;
      /** The document's title, as HTML: escaped already. */
      title: string;
      page?: string;
      css?: { text: string; hash: string };
      hints: string[];
      /** A page only staff may see: it carries the whole site. */
      staffPage?: boolean;
    },
  ) {
    const links = navLinksOf(
      remotes.table,
      shells.index.pages.flatMap(({ path, nav }) => (nav ? [{ to: path, ...nav }] : [])),
      undefined,
    );
    const fonts = fontsOfPage(shell.html, parts.page, shells.index.fonts);
    const head = [
      ...fonts.preloads,
      ...parts.hints,
      `<script type="application/json" id="${SITE_CONFIG_ID}">${inlineJson(siteForPage({ remotes: options.remoteUrls, table: siteTableOf(remotes) }, { staffPage: parts.staffPage ?? false, unread: remotes.unread }))}</script>`,
      ...(parts.css ? [`<style>${parts.css.text}</style>`] : []),
    ];
    // Replacer functions: a `$` in a URL or the page is never read as a replacement pattern.
    const paths = pagePathsOf([...shells.index.pages, ...remotes.table.pages]);
    // The shell is filled before the page goes in, so nothing of the page's data is read as a token.
    const html = withPageLinks(withNavLinks(fonts.html, shells, links, parts.pathname), paths)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${parts.title}</title>`)
      .replace(PAGE_MARKER, () => parts.page ?? '')
      .replace(HEAD_MARKER, () => head.join(''));
    return {
      html,
      styleHashes: parts.css ? [...shell.styleHashes, parts.css.hash] : shell.styleHashes,
      scriptHashes: shell.scriptHashes,
    };
  }

  return {
    ready: remoteTables.ready,
    render: async (pathname, search = '') => {
      const query = search.replace(/^\?/, '');
      const [shells, remotes] = [readShells(), await readRemotes()];
      // One match per request, handed on to everything below.
      const found = matchSite(shells.index.pages, remotes.table, pathname);
      const own = found?.own;
      const match = found?.remote;
      // The page's first read, answered here when the page paints with it or when it finds what the
      // page's path names (a car), which decides whether the page exists.
      const subject = match && subjectRead(match);
      const paints = query === '' && match?.page.firstPaint !== undefined;
      const read = match && pageData ? (paints ? match.reads[0] : subject) : undefined;
      // The read's own answer is the page's data version: the page holds exactly as long as it does.
      const answer = pageData && read !== undefined ? await readNow(read, pageData) : undefined;
      const version = read === undefined ? '' : answer?.version && `${answer.statusCode} ${answer.version}`;
      // The pages' date fields allow days from today: a page is written again when the day changes.
      const today = todayNow();
      const key = [
        shells.version,
        remotes.version,
        version ?? 'unversioned',
        today,
        own?.path ?? match?.page.path ?? '404',
        JSON.stringify(match?.params ?? {}),
        query === '' ? '' : '?',
      ].join('|');
      const known = kept.get(key);
      if (known) {
        // Most recently used last, so the oldest go first.
        kept.delete(key);
        kept.set(key, known);
        return known;
      }

      if (own) {
        const composed = compose(shells, remotes, shells.shell(own.name), {
          pathname,
          title: own.title,
          hints: pageHints(options.remoteUrls, remotes),
        });
        return keep(key, { statusCode: 200, ...composed });
      }
      const notFound = () => ({
        statusCode: 404,
        ...compose(shells, remotes, shells.shell(shells.index.notFound.name), {
          pathname,
          title: escapeHtml(shells.index.notFound.title),
          hints: pageHints(options.remoteUrls, remotes),
        }),
      });
      if (!match) return keep(key, notFound());
      const { page } = match;
      // The API says what the page's path names does not exist (a car not in the fleet, or retired).
      if (subject !== undefined && answer?.statusCode === 404) {
        return version === undefined ? notFound() : keep(key, notFound());
      }
      // Its days first, then its data: nothing of the data is ever read as a day token.
      const painted =
        paints && page.firstPaint !== undefined && answer?.statusCode === 200
          ? fillFirstPaint(fillDays(page.firstPaint, today), answer.body)
          : undefined;
      const { title, html } = takeTitle(painted ?? fillDays(page.skeleton, today));
      const composed = compose(shells, remotes, shells.shell(REMOTE_SHELL), {
        pathname,
        // The page's own title, from its HTML, is escaped already.
        title: page.title === null ? (title ?? 'Rentora') : escapeHtml(page.title),
        page: pageSlot(page, html, query === ''),
        css: { text: page.css, hash: page.cssHash },
        hints: pageHints(options.remoteUrls, remotes, match, { firstPaintInline: true }),
        staffPage: isStaffOnly(page.access),
      });
      const htmlAnswer = { statusCode: 200, ...composed };
      // A page that could not show its data (it was slow, or failed) is made afresh next time.
      const settled =
        read === undefined ||
        (version !== undefined && answer?.statusCode === 200 && (painted !== undefined || !paints));
      return settled ? keep(key, htmlAnswer) : htmlAnswer;
    },
  };
}
