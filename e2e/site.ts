import { siteAtPortBase } from '@rentora/platform/launch/site-config';

const site = siteAtPortBase(Number(process.env.E2E_PORT_BASE ?? 4000));

/**
 * The site under test. A base other than npm start's 3000 lets the suite run while a
 * developer's own site is up; E2E_PORT_BASE moves it (host = base, the remotes on the ports after it).
 */
export const e2eSite = {
  ...site,
  // The remotes the specs drive by name.
  remotes: site.remotes as Record<'catalog' | 'booking' | 'account' | 'operator', string>,
};

/** What the site under test runs with besides its ports: its database folder, and limits a suite from one address needs. */
export function e2eServerEnv(dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
    // Every test signs up, books and cancels from 127.0.0.1: the per-address limits would count them all as one client.
    RATE_LIMIT_PER_IP: '10000',
    RATE_LIMIT_WRITES_PER_IP: '10000',
    EVENTS_PER_IP: '10000',
    // A photo host beside the default: the pages must show photos from it (e2e/shell.spec.ts).
    PHOTO_HOSTS: 'photos.rentora.test',
  };
}
