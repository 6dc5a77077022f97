import type { ComponentType, ReactNode } from 'react';
// By the packages' names: the page's one router and store, as the remote's own code uses them.
import type { RemoteTableDeclaration } from '@rentora/state';
import { BrowserRouter, Route, Routes } from '@rentora/state/router';

type PageExposes<Table extends RemoteTableDeclaration> = Table['pages'][number]['expose'];

/**
 * A remote's pages at their paths with no host, for its standalone development page
 * (`src/standalone/`): the routes are its own table's, so a page added to the table is there too,
 * and `components` must give each of the table's pages its component (tsc checks it). `children`
 * go on every path, after the page: a remote's modals and the buttons that open them, say.
 */
export function StandalonePages<Table extends RemoteTableDeclaration>({
  table,
  components,
  children,
}: {
  table: Table;
  components: Record<PageExposes<Table>, ComponentType>;
  children?: ReactNode;
}) {
  return (
    <BrowserRouter>
      <main>
        <Routes>
          {table.pages.map(({ path, expose }) => {
            const Page: ComponentType = components[expose as PageExposes<Table>];
            return <Route key={path} path={path} element={<Page />} />;
          })}
        </Routes>
        {children}
      </main>
    </BrowserRouter>
  );
}
