import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ANY_MARKER,
  escapeHtml,
  HEAD_MARKER,
  NAV_HREF_TOKEN,
  NAV_LABEL_TOKEN,
  NAV_LIST_ATTRIBUTE,
  navListMarker,
  PAGE_MARKER,
  ROOT_ID,
  SHELL_PARSED_ID,
} from '@rentora/shared/first-paint';
import type { NavLink } from '@rentora/state/page-table';
import { appAt } from '../apps';
import { afterPaintLinks } from '../site/after-paint-links';
import { REMOTE_SHELL, SHELLS_DIR, SHELLS_INDEX, type ShellsIndex } from '../site/shell-files';
import { withFontsLater } from '../site/web-fonts';
import { keepEarlyInput } from './keep-early-input';
import { markFontsReady, webFontFamilies } from './mark-fonts-ready';
import { withNodeRender } from './node-render';
import { startAfterFirstPaint } from './start-after-first-paint';
import { STARTUP_FILES } from './startup-files';

/**
 * After the host's browser build: renders the host's shells (header, the host's own page or the
 * place of a remote's, footer) and writes one HTML file each into dist/pages/, with the shell's
 * CSS inline and the start-up chunks asked for after the first paint, and an index of them. Every
 * shell paints in the fallback fonts (`fonts-later`); the server asks for the web fonts at once in
 * a page whose text waits for them (platform/src/site/web-fonts.ts). The host
 * knows no remote's page: the server writes the page, the navigation's links and what only it
 * knows (remote URLs, page tables, hints) in at the markers (docs/architecture.md §2).
 * index.html becomes the shell of a remote page, for static hosts.
 */

interface StartupFiles {
  scripts: string[];
  styles: string[];
}

interface HostRender {
  renderShell: (pathname: string, navLinks: readonly NavLink[], remotePage: boolean) => string;
  PAGE_PLACEHOLDER: string;
  hostPages: ShellsIndex['pages'];
  notFoundPage: ShellsIndex['notFound'];
}

/** The one link the shells are rendered with, each list's template for the server's links. */
const TOKEN_LINKS: readonly NavLink[] = [{ to: NAV_HREF_TOKEN, label: NAV_LABEL_TOKEN, order: 0 }];
/** A path no page has, where the token link is not the current page. */
const NOWHERE = '/no-such-page';

/**
 * HtmlRspackPlugin's tag for the entry becomes one inline script: it keeps what the reader
 * presses before the host starts, tells the page when the web fonts are in, and starts the host
 * after the first paint.
 */
function startEntryAfterFirstPaint(template: string, fontFamilies: readonly string[]): string {
  const entry = /<script defer src="([^"]+)"><\/script>/.exec(template);
  if (!entry?.[1]) throw new Error('The host template has no deferred entry script.');
  const src = entry[1];
  return template.replace(
    entry[0],
    () => `<script>${keepEarlyInput()};${markFontsReady(fontFamilies)};${startAfterFirstPaint(src)}</script>`,
  );
}

/**
 * No frame is painted before the whole shell is parsed: Chrome painted frames while its parser had
 * read half the home hero, whose text is centred, and then moved that text as the rest arrived (a
 * layout shift of 0.013 in some loads). `rel=expect` holds rendering until the element it names is
 * in the document; Chrome lets go when the element is inserted, so it names one after the shell.
 */
const RENDER_AFTER_SHELL = `<link rel="expect" href="#${SHELL_PARSED_ID}" blocking="render">`;

/** Each navigation list of a rendered shell: its name, and where its content starts and ends. */
function navLists(shell: string): { list: string; start: number; end: number }[] {
  const opening = new RegExp(`<ul [^>]*${NAV_LIST_ATTRIBUTE}="([^"]+)"[^>]*>`, 'g');
  return [...shell.matchAll(opening)].map((found) => {
    const start = (found.index ?? 0) + found[0].length;
    const end = shell.indexOf('</ul>', start);
    if (end < 0) throw new Error(`The ${found[1]} navigation list has no end.`);
    return { list: found[1] ?? '', start, end };
  });
}

/** The shell with each navigation list's content replaced by its marker. */
function markNavLists(shell: string): string {
  let marked = shell;
  for (const { list, start, end } of navLists(shell).reverse()) {
    marked = `${marked.slice(0, start)}${navListMarker(list)}${marked.slice(end)}`;
  }
  return marked;
}

const listItems = (shell: string) =>
  Object.fromEntries(navLists(shell).map(({ list, start, end }) => [list, shell.slice(start, end)]));

function composePage(template: string, parts: { title: string; shell: string; css: string; head: string[] }): string {
  // React writes a page's <title> where the page renders it; the document's title goes in the head.
  const shell = parts.shell.replace(/<title>[^<]*<\/title>/g, '');
  // Replacer functions, so a `$` in the CSS or the shell is never read as a replacement pattern.
  return withFontsLater(startEntryAfterFirstPaint(template, webFontFamilies(parts.css)))
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(parts.title)}</title>`)
    .replace(
      '</head>',
      () => `${RENDER_AFTER_SHELL}<style>${parts.css}</style>${parts.head.join('')}${HEAD_MARKER}</head>`,
    )
    .replace(
      `<div id="${ROOT_ID}"></div>`,
      () => `<div id="${ROOT_ID}">${shell}</div><template id="${SHELL_PARSED_ID}"></template>`,
    );
}

export async function prerenderHostPages(hostDir: string): Promise<void> {
  const dist = path.join(hostDir, 'dist');
  const render = { appDir: hostDir, entry: './src/prerender.tsx', federationName: appAt(hostDir).name };
  await withNodeRender(render, (host: HostRender) => {
    const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const startup = JSON.parse(readFileSync(path.join(dist, STARTUP_FILES), 'utf8')) as StartupFiles;
    const css = startup.styles.map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n');
    const fonts = [
      ...new Set([...css.matchAll(/url\(["']?([^"')]+\.woff2)["']?\)/g)].flatMap((match) => match[1] ?? [])),
    ];
    const head = [
      // The runtime loads a chunk's stylesheet unless a <link> to it is already in the page; a
      // disabled one is never fetched, so the CSS inlined above is not downloaded a second time.
      ...startup.styles.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`),
      // Loaded by the runtime as classic scripts without a crossorigin attribute: preloaded the same
      // way, with main.js, once the shell has painted, at the priority of that late main.js.
      afterPaintLinks(
        startup.scripts.map((file) => ({ rel: 'preload', as: 'script', href: `/${file}`, fetchpriority: 'low' })),
      ),
    ];
    const shells: { name: string; title: string; shell: string }[] = [
      { name: REMOTE_SHELL, title: 'Rentora', shell: host.renderShell(NOWHERE, TOKEN_LINKS, true) },
      ...host.hostPages.map(({ name, title, path: pagePath }) => ({
        name,
        title,
        shell: host.renderShell(pagePath, TOKEN_LINKS, false),
      })),
      { ...host.notFoundPage, shell: host.renderShell(NOWHERE, TOKEN_LINKS, false) },
    ];
    const links = listItems(shells[0]?.shell ?? '');
    const currentLinks = listItems(host.renderShell(NAV_HREF_TOKEN, TOKEN_LINKS, true));
    const index: ShellsIndex = {
      fonts,
      pages: host.hostPages,
      notFound: host.notFoundPage,
      nav: Object.fromEntries(
        Object.entries(links).map(([list, link]) => [list, { link, current: currentLinks[list] ?? link }]),
      ),
    };
    mkdirSync(path.join(dist, SHELLS_DIR), { recursive: true });
    for (const { name, title, shell } of shells) {
      const marked = markNavLists(shell).replace(host.PAGE_PLACEHOLDER, PAGE_MARKER);
      const html = composePage(template, { title, shell: marked, css, head });
      writeFileSync(path.join(dist, SHELLS_DIR, `${name}.html`), html);
      // A static host sends the shell of a remote page for every path; the host fills it in.
      if (name === REMOTE_SHELL) {
        writeFileSync(path.join(dist, 'index.html'), html.replace(ANY_MARKER, ''));
      }
    }
    writeFileSync(path.join(dist, SHELLS_DIR, SHELLS_INDEX), JSON.stringify(index));
  });
}
