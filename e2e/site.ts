import { siteAtPortBase } from '@rentora/platform/launch/site-config';

/**
 * The site under test. A base other than npm start's 3000 lets the suite run while a
 * developer's own site is up; E2E_PORT_BASE moves it (host = base, remotes = base + 1..3).
 */
export const e2eSite = siteAtPortBase(Number(process.env.E2E_PORT_BASE ?? 4000));
