import { renderToString } from 'react-dom/server';
import { PAGE_PLACEHOLDER_ATTRIBUTE, pageLinkToken } from '@rentora/shared';
import { $pagePaths, type NavLink, type OwnPage } from '@rentora/state';
import { StaticRouter } from '@rentora/state/router';
import { SiteLayout } from './app/app';
import { HOST_PAGES, NOT_FOUND_PAGE } from './app/host-pages';

/** What stands for a remote's page in the shell; the build replaces it with the page marker. */
export const PAGE_PLACEHOLDER = `<div ${PAGE_PLACEHOLDER_ATTRIBUTE}=""></div>`;

/** The host's own pages, as the build writes them and the server serves them. */
export const hostPages: OwnPage[] = HOST_PAGES.map(({ path, name, title, nav }) => ({
  path,
  name,
  title,
  ...(nav && { nav }),
}));
export const notFoundPage = { name: NOT_FOUND_PAGE.name, title: NOT_FOUND_PAGE.title };

/**
 * The host's shell at `pathname`, as HTML: header, the page and footer, with `navLinks` in the
 * navigation. With `remotePage`, the main area holds PAGE_PLACEHOLDER where a remote's page goes;
 * else the host's own page at that path (About, the 404). The build writes it into each page's
 * index.html, so the first paint needs no JavaScript (docs/architecture.md §2).
 */
export function renderShell(pathname: string, navLinks: readonly NavLink[], remotePage: boolean): string {
  // Every page is where the server will say: a link by name gets the token it fills in per request.
  $pagePaths.set(
    new Proxy({}, { get: (_paths, name) => (typeof name === 'string' ? pageLinkToken(name) : undefined) }),
  );
  return renderToString(
    <StaticRouter location={pathname}>
      <SiteLayout
        navLinks={navLinks}
        page={remotePage ? <div {...{ [PAGE_PLACEHOLDER_ATTRIBUTE]: '' }} /> : undefined}
      />
    </StaticRouter>,
  );
}
