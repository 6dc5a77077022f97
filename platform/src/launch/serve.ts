import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@rentora/api/app';
import { checkoutOrigins, loadConfig } from '@rentora/api/config';
import { closeOnSignals } from '@rentora/api/server';
import { setWithinBound } from '@rentora/shared/bounded-map';
import { startRemoteServer } from '../site/remote-server';
import { REVALIDATE } from '../site/cache-policy';
import { apiPageData } from '../site/api-page-data';
import { createHostPages, type HtmlAnswer } from '../site/host-page';
import { NO_INLINE, fileHeaders, hostPageHeaders, type InlineHashes } from '../site/site-headers';
import { registerStaticSite, type DocumentAnswer } from '../site/static-site';
import { siteApps } from '../apps';
import { findRepoRoot } from './repo';
import { startPaymentStandIn } from './payment-stand-in';
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
      setWithinBound(known, key, value, MAX_HEADER_SETS);
    }
    return value;
  };
}

/** What one process serves: the site (the API and the host's pages), the remotes' files, or both. */
type Part = 'site' | 'remotes';

function partsToServe(argument: string | undefined): ReadonlySet<Part> {
  if (argument === undefined) return new Set(['site', 'remotes']);
  if (argument === 'site' || argument === 'remotes') return new Set([argument]);
  throw new Error(`serve takes 'site', 'remotes' or nothing (both), not '${argument}'.`);
}

/**
 * The composed site from production builds: the API plus the host on one origin, each remote on
 * its own. This is what `npm start` runs and what the browser suite tests. `serve.cjs site` serves
 * the API and the host's pages alone and `serve.cjs remotes` the remotes' files alone:
 * `npm run start:cluster` runs several of the first behind HAProxy and one of the second.
 */
async function serve(): Promise<void> {
  const parts = partsToServe(process.argv[2]);
  const root = findRepoRoot();
  const site = loadSiteConfig();
  const apps = siteApps(root);
  const hostDist = path.join(apps.host.dir, 'dist');

  const remoteServers: FastifyInstance[] = [];
  const closers: (() => Promise<void>)[] = [];
  const closeRemotes = () =>
    Promise.allSettled([...remoteServers.map((server) => server.close()), ...closers.map((close) => close())]);
  const announce = (signal: string) => process.stdout.write(`\n${signal}: stopping Rentora…\n`);
  // Until the site listens (or for good, serving only the remotes), a signal closes what is open.
  let stopEarly = (signal: NodeJS.Signals) => {
    stopEarly = () => undefined;
    announce(signal);
    void closeRemotes().then(() => process.exit(0));
  };
  const onEarlySignal = (signal: NodeJS.Signals) => stopEarly(signal);
  process.on('SIGINT', onEarlySignal);
  process.on('SIGTERM', onEarlySignal);

  if (parts.has('remotes')) {
    const standIn = await startPaymentStandIn(site);
    if (standIn !== undefined) closers.push(standIn.close);
    for (const { name, dir } of apps.remotes) {
      remoteServers.push(
        await startRemoteServer({
          root: path.join(dir, 'dist'),
          port: site.remotePorts[name] ?? 0,
          host: site.host,
          corsOrigins: site.hostOrigins,
        }),
      );
    }
  }
  if (!parts.has('site')) {
    process.stdout.write(`Rentora's remotes are being served on ports ${Object.values(site.remotePorts).join(', ')}\n`);
    return;
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
  const pageHeaders = memoizeByHashes((hashes) =>
    hostPageHeaders(remoteOrigins, hashes, config.photoHosts, checkoutOrigins(config.payments)),
  );
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
  // From now on a signal is a graceful shutdown: SIGTERM waits for the balancers to leave first.
  process.off('SIGINT', onEarlySignal);
  process.off('SIGTERM', onEarlySignal);
  closeOnSignals(api, { deadlineMs: config.shutdownTimeoutMs, alsoClose: closeRemotes, announce });

  process.stdout.write(
    parts.has('remotes')
      ? `Rentora is running: open http://localhost:${site.port}\n`
      : `Serving the site on ${site.host}:${site.port}\n`,
  );
}

serve().catch((error: unknown) => {
  process.stderr.write(`Rentora could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
