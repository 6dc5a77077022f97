import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RemoteName } from '@rentora/shared/apps';
import { matchPage, SITE_PAGES, type PageName } from '@rentora/state/pages';
import { createManifestReader, manifestUrlOf, type RemoteFiles } from './remote-manifests';

/**
 * The host's page as the server knows it: the prerendered shell of the route (written by the
 * host's build into dist/pages/), the remotes' URLs inline, and hints that start the route's
 * remote files, data and fonts in parallel with the host's own scripts (docs/architecture.md §2).
 */
export const HINTS_MARKER = '<!--rentora:hints-->';

export interface HostPagesOptions {
  /** The host's build folder. */
  root: string;
  remoteUrls: Record<RemoteName, string>;
  /** How long a page waits for a remote's manifest before it goes out without that remote's hints. */
  manifestTimeoutMs?: number;
}

export interface HostPage {
  statusCode: number;
  html: string;
  /** CSP sources for the page's inline styles. */
  styleHashes: string[];
}

export interface HostPages {
  render: (pathname: string) => Promise<HostPage>;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** JSON inside a <script> element: nothing in it can close the element. */
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function linkTag(attributes: Record<string, string | true>): string {
  const parts = Object.entries(attributes).map(([name, value]) =>
    value === true ? name : `${name}="${escapeAttribute(value)}"`,
  );
  return `<link ${parts.join(' ')}>`;
}

interface Template {
  html: string;
  /** CSP sources for its inline styles. */
  styleHashes: string[];
}

function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css]) =>
      `'sha256-${createHash('sha256')
        .update(css ?? '')
        .digest('base64')}'`,
  );
}

/**
 * Each page's template as the host's build wrote it (index.html stands in for one that is
 * missing), read again whenever the file changes: a host deployed while the server runs serves
 * its new pages, which name its new chunks, at once.
 */
function templateReader(root: string): (page: PageName) => Template {
  const known = new Map<string, { modified: number; template: Template }>();
  return (page) => {
    const pageFile = path.join(root, 'pages', `${page}.html`);
    const file = existsSync(pageFile) ? pageFile : path.join(root, 'index.html');
    const modified = statSync(file).mtimeMs;
    const cached = known.get(file);
    if (cached && cached.modified === modified) return cached.template;
    const html = readFileSync(file, 'utf8');
    const template = { html, styleHashes: inlineStyleHashes(html) };
    known.set(file, { modified, template });
    return template;
  };
}

export function createHostPages(options: HostPagesOptions): HostPages {
  const templateOf = templateReader(options.root);
  const readers = new Map<RemoteName, () => Promise<RemoteFiles | undefined>>();
  const readManifest = (remote: RemoteName) => {
    let reader = readers.get(remote);
    if (!reader) {
      reader = createManifestReader(options.remoteUrls[remote], { timeoutMs: options.manifestTimeoutMs });
      readers.set(remote, reader);
    }
    return reader();
  };

  async function hintsFor(pathname: string): Promise<string[]> {
    const { page, dataUrls } = matchPage(pathname);
    const { remoteModule } = SITE_PAGES[page];
    const hints: string[] = [];
    // The API answers in parallel with the code that will ask for it; the store's fetch reuses it.
    hints.push(...dataUrls.map((url) => linkTag({ rel: 'preload', as: 'fetch', href: url, crossorigin: 'anonymous' })));
    if (remoteModule) {
      const [remote, expose] = remoteModule.split('/') as [RemoteName, string];
      // The runtime fetches the manifest itself (CORS, no credentials): the same request, started now.
      hints.push(
        linkTag({
          rel: 'preload',
          as: 'fetch',
          href: manifestUrlOf(options.remoteUrls[remote]),
          crossorigin: 'anonymous',
        }),
      );
      const files = await readManifest(remote);
      const exposed = files?.exposes.get(expose);
      if (files && exposed) {
        // Classic scripts without a crossorigin attribute, as the runtime and chunk loader insert them.
        hints.push(linkTag({ rel: 'preload', as: 'script', href: files.entryUrl }));
        hints.push(...exposed.scripts.map((href) => linkTag({ rel: 'preload', as: 'script', href })));
        hints.push(...exposed.styles.map((href) => linkTag({ rel: 'preload', as: 'style', href })));
      }
    }
    hints.push(`<script type="application/json" id="rentora-remotes">${inlineJson(options.remoteUrls)}</script>`);
    return hints;
  }

  return {
    render: async (pathname) => {
      const { page } = matchPage(pathname);
      const hints = await hintsFor(pathname);
      const { html, styleHashes } = templateOf(page);
      return {
        statusCode: page === 'notFound' ? 404 : 200,
        // A replacer function: a `$` in a URL is never read as a replacement pattern.
        html: html.replace(HINTS_MARKER, () => hints.join('')),
        styleHashes,
      };
    },
  };
}
