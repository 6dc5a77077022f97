import { useMemo, type AnchorHTMLAttributes, type ReactNode } from 'react';
import {
  Link as WouterLink,
  Route as WouterRoute,
  Router,
  Switch,
  useLocation as useWouterLocation,
  useParams as useWouterParams,
  useSearch,
  useSearchParams,
} from 'wouter';

/**
 * The router every app uses, shared as one singleton (docs/architecture.md §2): wouter, about
 * 2 KiB, behind the names the apps use. Only this file knows which router library runs, so it
 * can change without touching an app; `@rentora/state/testing/memory-router` is its test twin.
 */

/** Where the page is: the path and the query, the query with its `?` or empty. */
export interface Location {
  pathname: string;
  search: string;
}

export { useSearchParams };

/** Routing from the browser's address bar and history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  return <Router>{children}</Router>;
}

/** Routing for one fixed path, for rendering a page's HTML at build time. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  return <Router ssrPath={location}>{children}</Router>;
}

export function useLocation(): Location {
  const [pathname] = useWouterLocation();
  const query = useSearch();
  return useMemo(() => ({ pathname, search: query ? `?${query}` : '' }), [pathname, query]);
}

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

export function useNavigate(): Navigate {
  return useWouterLocation()[1];
}

export function useParams<Params extends Record<string, string | undefined>>(): Partial<Params> {
  return useWouterParams() as Partial<Params>;
}

/**
 * The first route whose path matches renders. Given a `location`, the routes and the pages in
 * them see that location instead of the address bar's (a page that is leaving keeps its own).
 */
export function Routes({ location, children }: { location?: Location; children: ReactNode }) {
  const [, navigate] = useWouterLocation();
  const pathname = location?.pathname;
  const query = location?.search.replace(/^\?/, '');
  const shown = useMemo(
    () =>
      pathname === undefined
        ? undefined
        : {
            hook: (): [string, typeof navigate] => [pathname, navigate],
            searchHook: () => query ?? '',
          },
    [pathname, query, navigate],
  );
  const routes = <Switch>{children}</Switch>;
  if (shown === undefined) return routes;
  return (
    <Router hook={shown.hook} searchHook={shown.searchHook}>
      {routes}
    </Router>
  );
}

/** One page of `Routes`; `path` may hold `:name` parameters, read with `useParams`. */
export function Route({ path, element }: { path: string; element: ReactNode }) {
  return <WouterRoute path={path}>{element}</WouterRoute>;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

/** An in-app link: a real `<a href>`, followed without a page load. */
export function Link({ to, ...props }: LinkProps) {
  return <WouterLink to={to} {...props} />;
}

type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Active only on `to` itself, not on the pages below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
};

/** A navigation link that knows when it points at the current page (`aria-current="page"`). */
export function NavLink({ to, end = false, className, ...props }: NavLinkProps) {
  const [pathname] = useWouterLocation();
  const isActive = pathname === to || (!end && pathname.startsWith(to.endsWith('/') ? to : `${to}/`));
  return (
    <Link
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      {...props}
    />
  );
}
