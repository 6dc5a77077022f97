import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SITE_PAGES, type PageName } from '@rentora/state/pages';
import { afterPaintLinks } from '../site/after-paint-links';
import { markPageSlot } from '../site/first-paint';
import { HINTS_MARKER } from '../site/host-page';
import { APPS } from './federation';
import { keepEarlyInput } from './keep-early-input';
import { markFontsReady, webFontFamilies } from './mark-fonts-ready';
import { withNodeRender } from './node-render';
import { startAfterFirstPaint } from './start-after-first-paint';
import { STARTUP_FILES } from './startup-files';

/**
 * After the host's browser build: renders the shell of every page (header, the page's skeleton
 * or, for the host's own pages, the page itself, footer) and writes one HTML file per page into
 * dist/pages/, with the shell's CSS inline and the fonts and start-up chunks asked for at once.
 * The server adds what only it knows (remote URLs, the remote's files, the page's data) at
 * HINTS_MARKER. index.html becomes the home page, for static hosts (docs/architecture.md §2).
 */

/** A path of each page to render its shell with (remote pages render their skeleton only). */
const SAMPLE_PATHS: Record<PageName, string> = {
  home: '/',
  fleet: '/vehicles',
  vehicle: '/vehicles/any-car',
  about: '/about',
  notFound: '/no-such-page',
};

interface StartupFiles {
  scripts: string[];
  styles: string[];
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

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
const SHELL_PARSED = 'shell-parsed';
const RENDER_AFTER_SHELL = `<link rel="expect" href="#${SHELL_PARSED}" blocking="render">`;

function composePage(template: string, parts: { title: string; shell: string; css: string; head: string[] }): string {
  // React writes a page's <title> where the page renders it; the document's title goes in the head.
  const shell = parts.shell.replace(/<title>[^<]*<\/title>/g, '');
  // Replacer functions, so a `$` in the CSS or the shell is never read as a replacement pattern.
  return startEntryAfterFirstPaint(template, webFontFamilies(parts.css))
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(parts.title)}</title>`)
    .replace(
      '</head>',
      () => `${RENDER_AFTER_SHELL}<style>${parts.css}</style>${parts.head.join('')}${HINTS_MARKER}</head>`,
    )
    .replace('<div id="root"></div>', () => `<div id="root">${shell}</div><template id="${SHELL_PARSED}"></template>`);
}

export async function prerenderHostPages(hostDir: string): Promise<void> {
  const dist = path.join(hostDir, 'dist');
  const render = { appDir: hostDir, entry: './src/prerender.tsx', federationName: APPS.host.federationName };
  await withNodeRender(render, ({ renderShell }: { renderShell: (path: string) => string }) => {
    const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const startup = JSON.parse(readFileSync(path.join(dist, STARTUP_FILES), 'utf8')) as StartupFiles;
    const css = startup.styles.map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n');
    const fonts = [...new Set([...css.matchAll(/url\(["']?([^"')]+\.woff2)["']?\)/g)].map((match) => match[1]))];
    const head = [
      // The runtime loads a chunk's stylesheet unless a <link> to it is already in the page; a
      // disabled one is never fetched, so the CSS inlined above is not downloaded a second time.
      ...startup.styles.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`),
      ...fonts.map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}">`),
      // Loaded by the runtime as classic scripts without a crossorigin attribute: preloaded the same
      // way, with main.js, once the shell has painted, at the priority of that late main.js.
      afterPaintLinks(
        startup.scripts.map((file) => ({ rel: 'preload', as: 'script', href: `/${file}`, fetchpriority: 'low' })),
      ),
    ];
    mkdirSync(path.join(dist, 'pages'), { recursive: true });
    for (const page of Object.keys(SAMPLE_PATHS) as PageName[]) {
      const html = composePage(template, {
        title: SITE_PAGES[page].title ?? 'Rentora',
        // The server writes the remote page's own first paint in place of its skeleton.
        shell: markPageSlot(renderShell(SAMPLE_PATHS[page])),
        css,
        head,
      });
      writeFileSync(path.join(dist, 'pages', `${page}.html`), html);
      if (page === 'home') writeFileSync(path.join(dist, 'index.html'), html.replace(HINTS_MARKER, ''));
    }
  });
}
