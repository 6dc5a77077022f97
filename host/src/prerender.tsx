import { renderToString } from 'react-dom/server';
import { StaticRouter } from '@rentora/state/router';
import { SiteLayout } from './app/app';

/**
 * The host's shell for one path, as HTML: header, the page (a remote page's skeleton, or the
 * host's own About and 404 pages in full) and footer. The build writes it into each page's
 * index.html, so the first paint needs no JavaScript (docs/architecture.md §2).
 */
export function renderShell(pathname: string): string {
  return renderToString(
    <StaticRouter location={pathname}>
      <SiteLayout />
    </StaticRouter>,
  );
}
