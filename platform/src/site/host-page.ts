import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { remoteFileUrl, remoteManifestUrl, type RemoteName } from '@rentora/shared/apps';
import { FIRST_PAINT_FIELD } from '@rentora/shared/first-paint-fields';
import { matchPage, SITE_PAGES, type PageName } from '@rentora/state/pages';
import { cssFromRemote, fillPageSlot, firstPaintUrlOf, REMOTE_URL_PLACEHOLDER, type FirstPaints } from './first-paint';
import { createManifestReader } from './remote-manifests';
import { createRevalidatingReader } from './revalidating-reader';
import { afterPaintLinks, inlineJson } from './after-paint-links';

/**
 * The host's page as the server knows it: the prerendered shell of the route (written by the
 * host's build into dist/pages/), the remote page's own first paint in its slot, the remotes'
 * URLs inline, and hints that start the route's remote files, data and fonts in parallel with
 * the host's own scripts (docs/architecture.md §2).
 */
export const HINTS_MARKER = '<!--rentora:hints-->';

export interface HostPagesOptions {
  /** The host's build folder. */
  root: string;
  remoteUrls: Record<RemoteName, string>;
  /** How long a page waits for a remote's manifest or first paint before it goes out without them. */
  manifestTimeoutMs?: number;
  /**
   * The page's first API read (`/api/vehicles/{id}`), answered in the server's own process;
   * undefined when it has no answer to show. A first paint that shows data needs it.
   */
  readPageData?: (url: string) => Promise<unknown>;
  /** How long a page waits for that read before it goes out with the host's skeleton. */
  dataTimeoutMs?: number;
}

export interface HostPage {
  statusCode: number;
  html: string;
  /** CSP sources for the page's inline styles. */
  styleHashes: string[];
  /** CSP sources for the page's inline scripts (the host's start-up script). */
  scriptHashes: string[];
}

export interface HostPages {
  /** `search` is the query string, if any: a first paint is drawn for a page without one. */
  render: (pathname: string, search?: string) => Promise<HostPage>;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

interface Template {
  html: string;
  /** CSP sources for its inline styles and scripts. */
  styleHashes: string[];
  scriptHashes: string[];
}

const sourceHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** CSP hashes of the elements written as `<tag>…</tag>` (no attributes: data blocks are not run). */
function inlineHashes(html: string, tag: 'style' | 'script'): string[] {
  return [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)<\\/${tag}>`, 'g'))].map(([, text]) =>
    sourceHash(text ?? ''),
  );
}

/** One remote page's first paint, ready for the page: its CSS's URLs point at the remote. */
interface FirstPaint {
  html: string;
  css: string;
  cssHash: string;
  /** The data fields its HTML shows, written in from the page's first API read. */
  fields: string[];
}

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** A field of an object, or an item of a list by its index; undefined for anything else. */
function fieldOf(data: unknown, name: string): unknown {
  if (Array.isArray(data)) return /^\d+$/.test(name) ? (data as unknown[])[Number(name)] : undefined;
  if (typeof data !== 'object' || data === null || !Object.hasOwn(data, name)) return undefined;
  return (data as Record<string, unknown>)[name];
}

/**
 * The first paint with the page's data written in, escaped for text and attributes alike.
 * Undefined unless every field it shows is text or a number in that data (a list's item by its
 * index: `0.car_name`).
 */
function withData(html: string, fields: readonly string[], data: unknown): string | undefined {
  const values = new Map<string, string>();
  for (const field of fields) {
    const value = field.split('.').reduce<unknown>(fieldOf, data);
    if (typeof value === 'string') values.set(field, value);
    else if (typeof value === 'number' && Number.isFinite(value)) values.set(field, String(value));
    else return undefined;
  }
  return html.replace(FIRST_PAINT_FIELD, (_token, field: string) => escapeHtml(values.get(field) ?? ''));
}

/** A page's own `<title>` (React writes it where the page renders it) belongs in the document's head. */
function moveTitleToHead(page: string, firstPaintHtml: string): { page: string; firstPaintHtml: string } {
  const title = /<title>([^<]*)<\/title>/.exec(firstPaintHtml);
  if (!title) return { page, firstPaintHtml };
  return {
    page: page.replace(/<title>[^<]*<\/title>/, () => title[0]),
    firstPaintHtml: firstPaintHtml.replace(title[0], ''),
  };
}

/** The promise's value, or undefined once `ms` have passed or when it fails. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  const timeout = new Promise<undefined>((resolve) => {
    AbortSignal.timeout(ms).addEventListener('abort', () => resolve(undefined));
  });
  return Promise.race([promise.catch(() => undefined), timeout]);
}

function firstPaintsOf(remoteBaseUrl: string, body: unknown): Map<string, FirstPaint> {
  const base = remoteFileUrl(remoteBaseUrl, '');
  const fileUrl = firstPaintUrlOf(remoteBaseUrl);
  const pages = new Map<string, FirstPaint>();
  for (const [expose, entry] of Object.entries(body as FirstPaints)) {
    const { html, css } = (entry ?? {}) as Partial<FirstPaints[string]>;
    // Nothing in a first paint may end the element it is written into.
    if (typeof html !== 'string' || typeof css !== 'string' || /<\/style/i.test(css)) continue;
    const remoteCss = cssFromRemote(css, fileUrl);
    // A replacer function: a `$` in the URL is never read as a replacement pattern.
    const remoteHtml = html.replaceAll(REMOTE_URL_PLACEHOLDER, () => escapeAttribute(base));
    const fields = [...new Set([...remoteHtml.matchAll(FIRST_PAINT_FIELD)].map(([, field]) => field ?? ''))];
    pages.set(expose.replace(/^\.\//, ''), {
      html: remoteHtml,
      css: remoteCss,
      cssHash: sourceHash(remoteCss),
      fields,
    });
  }
  return pages;
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
    const template = { html, styleHashes: inlineHashes(html, 'style'), scriptHashes: inlineHashes(html, 'script') };
    known.set(file, { modified, template });
    return template;
  };
}

export function createHostPages(options: HostPagesOptions): HostPages {
  /** One reader per remote, made on first use; calling it reads the remote's file again. */
  function perRemote<T>(create: (baseUrl: string) => () => Promise<T | undefined>) {
    const readers = new Map<RemoteName, () => Promise<T | undefined>>();
    return (remote: RemoteName) => {
      let reader = readers.get(remote);
      if (!reader) {
        reader = create(options.remoteUrls[remote]);
        readers.set(remote, reader);
      }
      return reader();
    };
  }

  const templateOf = templateReader(options.root);
  const readOptions = { timeoutMs: options.manifestTimeoutMs };
  const readManifest = perRemote((baseUrl) => createManifestReader(baseUrl, readOptions));
  const readFirstPaints = perRemote((baseUrl) =>
    createRevalidatingReader(firstPaintUrlOf(baseUrl), (body) => firstPaintsOf(baseUrl, body), readOptions),
  );
  const readFirstPaint = async (remote: RemoteName, expose: string) => (await readFirstPaints(remote))?.get(expose);

  const { readPageData, dataTimeoutMs = 250 } = options;

  /**
   * The route's remote page as its first paint, for a page without a query (the paint has none),
   * with the page's data written in when it shows some.
   */
  async function firstPaintFor(pathname: string, search: string): Promise<FirstPaint | undefined> {
    const { page, dataUrls } = matchPage(pathname);
    const { remoteModule } = SITE_PAGES[page];
    if (!remoteModule || search.replace(/^\?/, '') !== '') return undefined;
    const [remote, expose] = remoteModule.split('/') as [RemoteName, string];
    const firstPaint = await readFirstPaint(remote, expose);
    if (!firstPaint || firstPaint.fields.length === 0) return firstPaint;
    if (!readPageData || !dataUrls[0]) return undefined;
    const html = withData(firstPaint.html, firstPaint.fields, await within(readPageData(dataUrls[0]), dataTimeoutMs));
    return html === undefined ? undefined : { ...firstPaint, html };
  }

  /** The route's remote and its files, as its live manifest names them. */
  async function remoteFilesFor(pathname: string) {
    const { remoteModule } = SITE_PAGES[matchPage(pathname).page];
    if (!remoteModule) return undefined;
    const [remote, expose] = remoteModule.split('/') as [RemoteName, string];
    const files = await readManifest(remote);
    return { remote, files, exposed: files?.exposes.get(expose) };
  }

  /**
   * The route's data and remote files, asked for all at once by the start-up script after the
   * first paint (with the host's own start-up chunks), so they never compete with what that paint
   * needs; then the remotes' URLs.
   */
  function hintsFor(
    pathname: string,
    route: Awaited<ReturnType<typeof remoteFilesFor>>,
    firstPaintInline: boolean,
  ): string[] {
    const { dataUrls } = matchPage(pathname);
    const links: Record<string, string>[] = [];
    // The API answers in parallel with the code that will ask for it; the store's fetch reuses it.
    links.push(...dataUrls.map((href) => ({ rel: 'preload', as: 'fetch', href, crossorigin: 'anonymous' })));
    if (route) {
      // The runtime fetches the manifest itself (CORS, no credentials): the same request, started early.
      const manifest = remoteManifestUrl(options.remoteUrls[route.remote]);
      links.push({ rel: 'preload', as: 'fetch', href: manifest, crossorigin: 'anonymous' });
      const { files, exposed } = route;
      if (files && exposed) {
        // Classic scripts without a crossorigin attribute, as the runtime and chunk loader insert them.
        links.push({ rel: 'preload', as: 'script', href: files.entryUrl });
        links.push(...exposed.scripts.map((href) => ({ rel: 'preload', as: 'script', href })));
        // With the page's first paint inline, its stylesheet is needed only when its code runs.
        const priority: Record<string, string> = firstPaintInline ? { fetchpriority: 'low' } : {};
        links.push(...exposed.styles.map((href) => ({ rel: 'preload', as: 'style', href, ...priority })));
      }
    }
    return [
      afterPaintLinks(links),
      `<script type="application/json" id="rentora-remotes">${inlineJson(options.remoteUrls)}</script>`,
    ];
  }

  return {
    render: async (pathname, search = '') => {
      const { page } = matchPage(pathname);
      const [firstPaint, route] = await Promise.all([firstPaintFor(pathname, search), remoteFilesFor(pathname)]);
      const { html: template, styleHashes, scriptHashes } = templateOf(page);
      const { remoteModule } = SITE_PAGES[page];
      const { page: html, firstPaintHtml } = moveTitleToHead(template, firstPaint?.html ?? '');
      // A template without the remote's slot (an older host build) keeps its own skeleton.
      const painted = firstPaint && remoteModule ? fillPageSlot(html, remoteModule, firstPaintHtml) : undefined;
      const hints = hintsFor(pathname, route, painted !== undefined);
      if (painted !== undefined && firstPaint) hints.push(`<style>${firstPaint.css}</style>`);
      return {
        statusCode: page === 'notFound' ? 404 : 200,
        // A replacer function: a `$` in a URL is never read as a replacement pattern.
        html: (painted ?? html).replace(HINTS_MARKER, () => hints.join('')),
        styleHashes: painted !== undefined && firstPaint ? [...styleHashes, firstPaint.cssHash] : styleHashes,
        scriptHashes,
      };
    },
  };
}
