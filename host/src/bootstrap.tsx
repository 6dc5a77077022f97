import '@rentora/shared/styles/fonts.css';
import '@rentora/shared/styles/tokens.css';
import '@rentora/shared/styles/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ROOT_ID, SITE_CONFIG_ID } from '@rentora/shared';
import { $pagePaths, mayView, moduleIdOf, prefetchReads, subjectRead } from '@rentora/state';
import { App } from './app/app';
import { sitePagePaths } from './app/host-pages';
import { holdFirstPaint } from './app/first-page-data';
import { noteSentNotFound } from './app/missing-page';
import { siteMatchAt } from './app/site-match';
import { reportCaughtError } from './lib/federation/report-caught-error';
import { loadRemoteModule } from './lib/federation/remote-module';
import { registerRemoteUrls } from './lib/federation/remote-registry';
import { readSiteAtStart } from './lib/read-site';

async function start() {
  const site = await readSiteAtStart();
  // The page is matched once, from the remotes' live tables, and the first render reuses the match;
  // its data and its remote's code start now, side by side, before React renders. A page for some
  // roles only starts once the reader's role is known, when it renders: a customer who opens an
  // operator's page loads none of its code.
  const found = siteMatchAt(site.table, window.location.pathname)?.remote;
  const match = found && mayView(found.page.access, undefined) ? found : undefined;
  const data = prefetchReads(match?.reads ?? []);
  registerRemoteUrls(site.remotes);
  $pagePaths.set(sitePagePaths(site.table));
  // Sent as the 404 page (the API has no such car), the page needs its code only if its first read says otherwise.
  if (match && !noteSentNotFound(subjectRead(match))) {
    const code = loadRemoteModule(moduleIdOf(match.page));
    // A failed load is shown by the page's slot, which asks again; nothing to report here.
    code.catch(() => undefined);
    holdFirstPaint(data, code);
  }
  const root = document.getElementById(ROOT_ID);
  if (!root) throw new Error(`index.html has no #${ROOT_ID} element.`);
  const app = (
    <StrictMode>
      <App site={site} />
    </StrictMode>
  );
  // React adopts the HTML as it stands, elements, focus and what was typed in them included, in
  // slices of a few milliseconds (a transition); a press meanwhile hydrates at once what it lands
  // on (docs/architecture.md §2). Only HTML the first render would write again can be adopted: the
  // server's for this very page. A plain static host sends one shell for every path (and the
  // development server none), and a page for some roles only shows a customer the 404 page.
  const adoptable = document.getElementById(SITE_CONFIG_ID) !== null && (found === undefined || match !== undefined);
  startTransition(() => {
    if (adoptable) hydrateRoot(root, app, { onCaughtError: reportCaughtError });
    else createRoot(root, { onCaughtError: reportCaughtError }).render(app);
  });
}

void start();
