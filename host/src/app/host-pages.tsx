import type { ReactNode } from 'react';
import { pagePathsOf, type NavLink, type OwnPage, type SiteTable } from '@rentora/state';
import { AboutPage } from '../pages/about-page';
import { NotFoundPage } from '../pages/not-found-page';

/** A page of the host's own, with what it renders. */
export interface HostPage extends OwnPage {
  element: ReactNode;
}

/** The host's own pages (docs/product.md §2). Every other page is a remote's, from its page table. */
export const HOST_PAGES: readonly HostPage[] = [
  {
    path: '/about',
    name: 'about',
    title: 'About - Rentora',
    nav: { label: 'About', order: 30 },
    element: <AboutPage />,
  },
];

/** What a path no page has shows. */
export const NOT_FOUND_PAGE: HostPage = {
  path: '',
  name: 'not-found',
  title: 'Error 404 - Page Not Found!',
  element: <NotFoundPage />,
};

/** The host's own links in the site's navigation. */
export const HOST_NAV_LINKS: readonly NavLink[] = HOST_PAGES.flatMap(({ path, nav }) =>
  nav ? [{ to: path, ...nav }] : [],
);

/** Where each page of the site is by name (`$pagePaths`): the host's own, then the remotes'. */
export const sitePagePaths = (table: SiteTable): Record<string, string> => pagePathsOf([...HOST_PAGES, ...table.pages]);
