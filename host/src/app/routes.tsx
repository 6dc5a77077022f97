import type { ReactNode } from 'react';
import { SITE_PAGES, type PageName } from '@rentora/state';
import { AboutPage } from '../pages/about-page';
import { NotFoundPage } from '../pages/not-found-page';
import { RemotePage } from './remote-page';

export interface SiteRoute {
  path: string;
  /** The page title (docs/product.md §2); a remote page that knows better (a car's name) sets its own. */
  title?: string;
  element: ReactNode;
}

/** What the reader misses when a remote page cannot load, in words. */
const REMOTE_PAGE_WHAT: Partial<Record<PageName, string>> = {
  home: 'the home page',
  fleet: 'the fleet',
  vehicle: 'this car',
};

const HOST_PAGES: Partial<Record<PageName, ReactNode>> = {
  about: <AboutPage />,
  notFound: <NotFoundPage />,
};

export const SITE_ROUTES: readonly SiteRoute[] = (Object.keys(SITE_PAGES) as PageName[]).map((name) => {
  const { path, title, remoteModule } = SITE_PAGES[name];
  const element = remoteModule ? (
    <RemotePage page={name} id={remoteModule} what={REMOTE_PAGE_WHAT[name] ?? ''} />
  ) : (
    HOST_PAGES[name]
  );
  return { path, title, element };
});
