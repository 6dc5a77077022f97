import { siteAtPortBase } from '@rentora/platform/launch/site-config';

export type RemoteName = 'catalog' | 'booking' | 'account' | 'operator';
const REMOTE_NAMES: RemoteName[] = ['catalog', 'booking', 'account', 'operator'];

/**
 * The settings the suite's site runs with, beyond the defaults. The suite starts its own site
 * with them; a site it is pointed at (E2E_BASE_URL) needs them too (README: the suite against a site).
 */
export const SITE_UNDER_TEST_SETTINGS = {
  // Every test signs up, books and cancels from one address: the per-address limits would count them all as one client.
  RATE_LIMIT_PER_IP: '10000',
  RATE_LIMIT_WRITES_PER_IP: '10000',
  RATE_LIMIT_QUOTES_PER_IP: '10000',
  EVENTS_PER_IP: '10000',
};

/** A photo host beside the default, which only the suite's own sites allow: the pages must show photos from it (e2e/shell.spec.ts). */
export const ADDED_PHOTO_HOST = 'photos.rentora.test';

/**
 * A site on this machine, built and started by the suite. A base other than npm start's 3000
 * lets the suite run while a developer's own site is up; E2E_PORT_BASE moves it (host = base,
 * the remotes on the ports after it). The tests that start sites of their own (e2e/deploy.ts)
 * take ports after these.
 */
const localSite = siteAtPortBase(Number(process.env.E2E_PORT_BASE ?? 4000));

/** E2E_BASE_URL: a running site (staging, or a site `npm start` serves); e2e/run.ts reads its remotes.json. */
const target = process.env.E2E_BASE_URL?.replace(/\/+$/, '');

function remotesOfTarget(): Record<string, string> {
  const read = process.env.E2E_SITE_REMOTES;
  if (!read) {
    throw new Error(
      'E2E_BASE_URL is set but the site’s remotes are not known: run the suite with `npm run test:e2e`, which reads its /remotes.json.',
    );
  }
  return JSON.parse(read) as Record<string, string>;
}

/** E2E_REMOTE_<NAME>_URL: a remote team's candidate, loaded by the browser instead of the deployed remote (e2e/swap.ts). */
function swappedRemotes(): Partial<Record<RemoteName, string>> {
  const swapped: Partial<Record<RemoteName, string>> = {};
  for (const name of REMOTE_NAMES) {
    const url = process.env[`E2E_REMOTE_${name.toUpperCase()}_URL`];
    if (url) swapped[name] = url.replace(/\/+$/, '');
  }
  return swapped;
}

/** The site under test. */
export const e2eSite = {
  /** Whether the suite built and started the site itself, on a database of its own. */
  local: target === undefined,
  baseUrl: target ?? localSite.baseUrl,
  /** Where the page finds each remote, as deployed (the remotes the specs drive by name). */
  remotes: (target ? remotesOfTarget() : localSite.remotes) as Record<RemoteName, string>,
  /** The environment the suite's own site is served with (its ports). */
  env: localSite.env,
  swapped: swappedRemotes(),
};

/** What the suite's own sites run with besides their ports: a database folder, a secret, SITE_UNDER_TEST_SETTINGS and the added photo host. */
export function e2eServerEnv(dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
    ...SITE_UNDER_TEST_SETTINGS,
    PHOTO_HOSTS: ADDED_PHOTO_HOST,
  };
}
