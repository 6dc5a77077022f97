import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import Fastify, { type FastifyInstance } from 'fastify';
import { createHostPages, type PageData } from '@rentora/platform/site/host-page';
import { startRemoteServer } from '@rentora/platform/site/remote-server';
import { registerStaticSite } from '@rentora/platform/site/static-site';
import { e2eSite, expect } from './fixtures';

/** What the deploy tests share: copies of the builds, a team's rebuild, and a site of their own. */

export const root = path.resolve(__dirname, '..');

export function hashTree(dir: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  const walk = (current: string) => {
    for (const entry of readdirSync(current)) {
      const file = path.join(current, entry);
      if (statSync(file).isDirectory()) walk(file);
      else hashes[path.relative(dir, file)] = createHash('sha256').update(readFileSync(file)).digest('hex');
    }
  };
  walk(dir);
  return hashes;
}

/** An empty folder under e2e/.work (git-ignored) for one test's copies and builds. */
export function freshWork(name: string): string {
  const work = path.join(root, 'e2e/.work', name);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  return work;
}

const withoutBuildOutput = (file: string) => !/[/\\](dist|node_modules)$/.test(file);

/** The catalog's source copied into `work`, for a team to change and build as a new version. */
export function copyCatalogSource(work: string): string {
  const source = path.join(work, 'remote-catalog');
  cpSync(path.join(root, 'remote-catalog'), source, { recursive: true, filter: withoutBuildOutput });
  return source;
}

const BUILD_TIMEOUT_MS = 90_000;

/** Builds the app at `source` with the repository's Rspack CLI, as its team's pipeline would. */
export function buildApp(source: string): string {
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--mode', 'production'],
    // Bounded, so a build stuck on a loaded machine fails here, saying so, not as a silent test timeout.
    { cwd: source, encoding: 'utf8', timeout: BUILD_TIMEOUT_MS },
  );
  expect(build.error, `The build of ${source} did not finish in ${BUILD_TIMEOUT_MS / 1000} s`).toBeUndefined();
  expect(build.status, build.stderr).toBe(0);
  return path.join(source, 'dist');
}

/**
 * Another version of one of our packages that an app copied into `work` resolves instead of the
 * repository's: resolution looks in work/node_modules first. It is linked there rather than
 * copied in, because the build compiles TypeScript only outside node_modules (as it does for
 * the workspace links).
 */
export function providePackageVersion(work: string, folder: 'shared' | 'state', version: string): string {
  const copy = path.join(work, 'packages', folder);
  cpSync(path.join(root, folder), copy, { recursive: true, filter: withoutBuildOutput });
  const manifestFile = path.join(copy, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { name: string; version: string };
  writeFileSync(manifestFile, JSON.stringify({ ...manifest, version }, null, 2));
  const link = path.join(work, 'node_modules', manifest.name);
  mkdirSync(path.dirname(link), { recursive: true });
  symlinkSync(copy, link, 'dir');
  return copy;
}

/** Replaces the files at a remote's origin with `built`: what a deploy does. */
export function deploy(built: string, at: string): void {
  rmSync(at, { recursive: true, force: true });
  cpSync(built, at, { recursive: true });
}

/**
 * The deployed host with the catalog's files `catalogFiles` on an origin of their own: served as
 * plain static files told by remotes.json where the catalog is, or (`pages`) by the server that
 * writes each page from the remotes' live tables, as `npm start` does, with `pageData` for the
 * pages painted with data.
 */
export async function serveHostWithCatalog(
  work: string,
  catalogFiles: string,
  port: number,
  { pages = false, pageData }: { pages?: boolean; pageData?: PageData } = {},
) {
  const hostOrigin = `http://localhost:${port}`;
  const catalogOrigin = `http://localhost:${port + 1}`;
  const hostFiles = path.join(work, 'host');
  cpSync(path.join(root, 'host/dist'), hostFiles, { recursive: true });
  const remoteUrls = { ...e2eSite.remotes, catalog: catalogOrigin };
  writeFileSync(path.join(hostFiles, 'remotes.json'), JSON.stringify(remoteUrls));

  const hostServer = Fastify();
  // A busy test machine may take longer than production's half second to answer the manifest.
  const renderPage = pages
    ? createHostPages({ root: hostFiles, remoteUrls, manifestTimeoutMs: 10_000, pageData, dataTimeoutMs: 250 }).render
    : undefined;
  await registerStaticSite(hostServer, { root: hostFiles, spaFallback: true, renderPage });
  await hostServer.listen({ port, host: '127.0.0.1' });
  const catalogServer = await startRemoteServer({
    root: catalogFiles,
    port: port + 1,
    host: '127.0.0.1',
    corsOrigins: [hostOrigin],
  });
  return {
    hostOrigin,
    catalogOrigin,
    hostFiles,
    close: () => Promise.all([closeNow(hostServer), closeNow(catalogServer)]),
  };
}

/**
 * Stops a test's server without waiting for the browser: a connection the page still holds open
 * would otherwise keep `close()` waiting until the test times out.
 */
function closeNow(server: FastifyInstance): Promise<void> {
  const closed = server.close();
  server.server.closeAllConnections();
  return closed;
}

/**
 * Ports the Fetch standard blocks in browsers and in Node's fetch alike (its "bad ports" between
 * 4000 and 11000): a site started on one is silently unreachable.
 */
const FETCH_BLOCKED_PORTS = new Set([4045, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6697, 10080]);

/**
 * Ports for the sites these tests start themselves, clear of the suite's own (base .. base + 3):
 * `port` for a host and `port + 1` for its remote, neither of them one that fetch refuses.
 */
export function ownPort(offset: number): number {
  const port = Number(e2eSite.env.PORT) + offset;
  if (FETCH_BLOCKED_PORTS.has(port) || FETCH_BLOCKED_PORTS.has(port + 1)) {
    throw new Error(`Port ${port} or ${port + 1} is one fetch refuses to reach: pick another offset than ${offset}.`);
  }
  return port;
}
