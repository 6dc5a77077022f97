import type { Browser, BrowserContext } from '@playwright/test';
import { e2eSite, type RemoteName } from './site';

/** Headers of the candidate's answer that no longer describe the body Playwright hands on (decoded, whole). */
const STALE_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding']);

/**
 * One remote swapped (E2E_REMOTE_<NAME>_URL): every request the browser makes to that remote's
 * deployed URL is answered from the candidate's URL instead, path for path. The page, the host,
 * the other remotes and every URL the tests see stay as deployed; the browser never talks to the
 * candidate itself, so a public site can be checked against a candidate on localhost with no
 * cross-origin or private-network rules in the way. What this cannot change is what the site's
 * server wrote into the page before any request: README (the suite with one remote swapped).
 */
export async function swapRemotes(context: BrowserContext): Promise<void> {
  const siteOrigin = new URL(e2eSite.baseUrl).origin;
  for (const [name, candidate] of Object.entries(e2eSite.swapped)) {
    const deployed = e2eSite.remotes[name as RemoteName].replace(/\/+$/, '');
    await context.route(`${deployed}/**`, async (route) => {
      const response = await route.fetch({ url: `${candidate}${route.request().url().slice(deployed.length)}` });
      const headers = Object.fromEntries(
        Object.entries(response.headers()).filter(([header]) => !STALE_HEADERS.has(header.toLowerCase())),
      );
      // The candidate answers as the deployed remote does: for the site's pages.
      await route.fulfill({ response, headers: { ...headers, 'access-control-allow-origin': siteOrigin } });
    });
  }
}

/** A second visitor's browser (its own storage and streams), with the same remotes swapped as the test's own page. */
export async function newVisitorContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await swapRemotes(context);
  return context;
}
