import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cacheControlFor, REVALIDATE } from './cache-policy';
import { sendHtml } from './send-html';

export interface DocumentAnswer {
  statusCode: number;
  html: string;
  headers?: Readonly<Record<string, string>>;
}

export interface StaticSiteOptions {
  /** The folder of built files. */
  root: string;
  /** Answer unknown non-file paths with index.html, so client-side routes survive a reload. */
  spaFallback?: boolean;
  /** Origins allowed to fetch these files (a remote's files are fetched by the host's page). */
  corsOrigins?: readonly string[];
  /** Sent with the site's documents (its pages, the SPA fallback, its not-found answers), e.g. the security headers of site-headers.ts. */
  headers?: Readonly<Record<string, string>>;
  /**
   * Sent with every file (scripts, stylesheets, fonts, JSON): only what a file needs
   * (`fileHeaders` of site-headers.ts). A document's policies mean nothing on a script, and
   * would cost every file about 1.4 KB.
   */
  fileHeaders?: Readonly<Record<string, string>>;
  /** Writes each page's HTML, and headers of its own, instead of sending index.html for every route (host-page.ts). */
  renderPage?: (pathname: string, search: string) => Promise<DocumentAnswer>;
}

const DOT_SEGMENT = /\/\./;

/** A page's path (decoded): no file extension, no dot segment, not the API's. */
const isPagePath = (pathname: string) =>
  !pathname.startsWith('/api/') && !path.extname(pathname) && !DOT_SEGMENT.test(pathname);

/** A source map, or a compressed copy of one: kept in dist/ for error tools, never served. */
const SOURCE_MAP = /\.map(\.br|\.gz)?$/i;

/** Serves a production build with the cache policy of cache-policy.ts. */
export async function registerStaticSite(app: FastifyInstance, options: StaticSiteOptions): Promise<void> {
  const { root, spaFallback = false, corsOrigins = [], headers = {}, fileHeaders = {}, renderPage } = options;
  const fileHeaderEntries = Object.entries(fileHeaders);
  const routesPages = spaFallback || renderPage !== undefined;
  // A scope of its own, so its hooks and headers never reach routes registered beside it (the API under npm start).
  await app.register(async (site) => {
    if (corsOrigins.length > 0) {
      site.addHook('onRequest', async (request, reply) => {
        // Every answer depends on Origin, matched or not: a shared cache must not hand one origin's answer to another.
        reply.header('Vary', 'Origin');
        const origin = request.headers.origin;
        if (origin && corsOrigins.includes(origin)) reply.header('Access-Control-Allow-Origin', origin);
      });
    }

    await site.register(fastifyStatic, {
      root,
      // A site of pages routes every request itself (below), and reads the disk for files only;
      // a remote's origin is files alone, served by the plugin's own `GET /*`.
      serve: !routesPages,
      index: ['index.html'],
      cacheControl: false,
      // .env files, .git folders and the like are never served, even if a build copies them in.
      dotfiles: 'deny',
      // Nor source maps, which would hand out the original source (the path arrives decoded).
      allowedPath: (pathname) => !SOURCE_MAP.test(pathname),
      // The builds write .br and .gz beside each text file; the best one the browser accepts is sent.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        for (const [name, value] of fileHeaderEntries) reply.header(name, value);
        // An HTML file is a document.
        if (filePath.endsWith('.html')) reply.headers(headers);
        reply.header('Cache-Control', cacheControlFor(path.relative(root, filePath)));
      },
    });
    if (!routesPages) return;

    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!renderPage) return reply.headers(headers).header('Cache-Control', REVALIDATE).sendFile('index.html');
      const [pathname = '', query] = request.url.split(/\?(.*)/s);
      const page = await renderPage(pathname || '/', query ? `?${query}` : '');
      return sendHtml(
        request,
        reply
          .code(page.statusCode)
          .headers(headers)
          .headers(page.headers ?? {}),
        page,
      );
    };

    // Pages are routes: a path with no file extension is a page (one of the site table's, or its 404
    // page), written without a look at the disk. The disk is read for an asset's path alone: the
    // builds give every file an extension. HEAD asks what GET would answer (link checkers and
    // uptime probes send it): the same page, no body.
    site.route({ method: ['GET', 'HEAD'], url: '/', handler: sendPage });
    site.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler: (request, reply) => {
        const file = (request.params as { '*': string })['*'];
        return isPagePath(`/${file}`) ? sendPage(request, reply) : reply.sendFile(file);
      },
    });
    // Every other method, and a file that is not there.
    site.setNotFoundHandler((_request, reply) => reply.code(404).headers(headers).send({ message: 'Not found.' }));
  });
}
