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
