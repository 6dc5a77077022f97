import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@rentora/api/app';
import { loadConfig } from '@rentora/api/config';
import { startRemoteServer } from '../site/remote-server';
import { REVALIDATE } from '../site/cache-policy';
import { apiPageData } from '../site/api-page-data';
import { createHostPages, type HtmlAnswer } from '../site/host-page';
import { NO_INLINE, fileHeaders, hostPageHeaders, type InlineHashes } from '../site/site-headers';
import { registerStaticSite, type DocumentAnswer } from '../site/static-site';
import { siteApps } from '../apps';
import { findRepoRoot } from './repo';
import { loadSiteConfig } from './site-config';

/** How long the site waits at start for the remotes' page tables before it serves without those it lacks. */
const REMOTE_TABLES_WAIT_MS = 10_000;

/** Enough for every page of a few host builds and remote first paints side by side. */
const MAX_HEADER_SETS = 64;

/**
 * Headers worked out once per distinct set of inline hashes (a page of one host build, with one
 * remote first paint); each deploy brings new ones, so the oldest are let go.
 */
function memoizeByHashes<T>(compute: (hashes: InlineHashes) => T): (hashes: InlineHashes) => T {
  const known = new Map<string, T>();
  return (hashes) => {
    const key = `${hashes.styleHashes.join(' ')}|${hashes.scriptHashes.join(' ')}`;
    let value = known.get(key);
    if (value === undefined) {
      value = compute(hashes);
      if (known.size >= MAX_HEADER_SETS) known.delete(known.keys().next().value as string);
      known.set(key, value);
    }
    return value;
  };
}

/**
 * The composed site from production builds: the API plus the host on one origin, each remote on
 * its own. This is what `npm start` runs and what the browser suite tests.
 */
async function serve(): Promise<void> {
  const root = findRepoRoot();
  const site = loadSiteConfig();
  const apps = siteApps(root);
  const hostDist = path.join(apps.host.dir, 'dist');

  const servers: FastifyInstance[] = [];
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    process.stdout.write(`\n${signal}: stopping Rentora…\n`);
    await Promise.allSettled(servers.map((server) => server.close()));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  for (const { name, dir } of apps.remotes) {
    servers.push(
      await startRemoteServer({
        root: path.join(dir, 'dist'),
        port: site.remotePorts[name] ?? 0,
        host: site.host,
        corsOrigins: site.hostOrigins,
      }),
    );
  }

  const config = loadConfig();
  const api = await buildApp(config);
  // The host's page reads this at start-up: a remote moves by configuration, with no host rebuild.
  // Answered from memory, so several sites can serve one build with different remotes.
  api.get('/remotes.json', { schema: { hide: true } }, (_request, reply) =>
    reply.header('Cache-Control', REVALIDATE).send(site.remoteUrls),
  );
  const pages = createHostPages({
    root: hostDist,
    remoteUrls: site.remoteUrls,
    // A remote deployed alone is seen by the pages sent a quarter of a second later at most.
    freshForMs: 250,
    // The pages' date fields count from the API's today, in its BUSINESS_TZ, as its answers do.
    today: () => api.today(),
    pageData: apiPageData(api),
  });
  const remoteOrigins = Object.values(site.remoteUrls).map((url) => new URL(url).origin);
  // The pages show car photos from every host the API takes them on.
  const pageHeaders = memoizeByHashes((hashes) => hostPageHeaders(remoteOrigins, hashes, config.photoHosts));
  // One answer per page the server keeps, so each is compressed and hashed once (send-html.ts).
  const answers = new WeakMap<HtmlAnswer, DocumentAnswer>();
  await registerStaticSite(api, {
    root: hostDist,
    spaFallback: true,
    headers: pageHeaders(NO_INLINE),
    fileHeaders: fileHeaders('same-origin'),
    renderPage: async (pathname, search) => {
      const page = await pages.render(pathname, search);
      let answer = answers.get(page);
      if (!answer) {
        // The page's CSP names the hashes of its own inline styles and script, whichever host build wrote it.
        answer = { statusCode: page.statusCode, html: page.html, headers: pageHeaders(page) };
        answers.set(page, answer);
      }
      return answer;
    },
  });
  // The first pages served must know the remotes' paths: a page asked for before its table is read answers 404.
  const unread = await pages.ready(REMOTE_TABLES_WAIT_MS);
  if (unread.length > 0) {
    process.stderr.write(
      `Could not read the page tables of ${unread.join(', ')} yet: their pages answer 404 until they can be read.\n`,
    );
  }
  await api.listen({ port: site.port, host: site.host });
  servers.push(api);

  process.stdout.write(`Rentora is running: open http://localhost:${site.port}\n`);
}

serve().catch((error: unknown) => {
  process.stderr.write(`Rentora could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
