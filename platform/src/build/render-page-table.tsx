import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { RemoteTableDeclaration } from '@rentora/state/page-table';
import { StaticRouter } from '@rentora/state/router';

/**
 * Compiled into a remote's Node render with the remote's own React and modules (page-tables.ts):
 * each page's skeleton and first paint as HTML, rendered at a path of the page's own.
 */
export interface PageHtml {
  skeleton: string;
  firstPaint?: string;
}

/** A path the page's pattern matches, each parameter named after itself: `/vehicles/vehicleId`. */
const samplePath = (pattern: string) => pattern.replace(/:(\w+)\??/g, '$1');

function render(path: string, element: ReactElement): string {
  return renderToString(<StaticRouter location={path}>{element}</StaticRouter>);
}

export function renderPageTable(table: RemoteTableDeclaration): {
  table: RemoteTableDeclaration;
  pages: PageHtml[];
} {
  const pages = table.pages.map((page) => {
    const path = samplePath(page.path);
    return {
      skeleton: render(path, page.skeleton()),
      ...(page.firstPaint && { firstPaint: render(path, page.firstPaint()) }),
    };
  });
  return { table, pages };
}
