import { useCallback, useMemo, type AnchorHTMLAttributes, type ReactNode } from 'react';
import {
  Link as WouterLink,
  Route as WouterRoute,
  Router,
  Switch,
  useLocation as useWouterLocation,
  useParams as useWouterParams,
  useRouter,
} from 'wouter';
import { linksHere, parsePath } from './page-table';

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

/** Routing from the browser's address bar and history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  return <Router parser={parsePath}>{children}</Router>;
}

/** Routing for one fixed path, for rendering a page's HTML at build time. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  return (
    <Router ssrPath={location} parser={parsePath}>
      {children}
    </Router>
  );
}

/**
 * The query as the address bar has it, without its `?`. wouter's own `useSearch` runs it through
 * decodeURI first, which would decode it twice on its way through URLSearchParams.
 */
function useQuery(): string {
  const router = useRouter();
  const raw = router.searchHook(router);
  return raw.startsWith('?') ? raw.slice(1) : raw;
}

export function useLocation(): Location {
  const [pathname] = useWouterLocation();
  const query = useQuery();
  return useMemo(() => ({ pathname, search: query ? `?${query}` : '' }), [pathname, query]);
}

export type SetSearchParams = (next: URLSearchParams | Record<string, string>, options?: { replace?: boolean }) => void;

/** The query's parameters, and a way to change them that stays on the current path. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const [pathname, navigate] = useWouterLocation();
  const query = useQuery();
  const params = useMemo(() => new URLSearchParams(query), [query]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const nextQuery = new URLSearchParams(next).toString();
      navigate(`${encodeURI(pathname)}${nextQuery ? `?${nextQuery}` : ''}`, options);
    },
    [pathname, navigate],
  );
  return [params, setParams];
}

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

export function useNavigate(): Navigate {
  return useWouterLocation()[1];
}

export function useParams<Params extends Record<string, string | undefined>>(): Partial<Params> {
  return useWouterParams() as Partial<Params>;
}

/** Its children see `location` instead of the address bar's, when given one. */
function At({ location, children }: { location: Location | undefined; children: ReactNode }) {
  const [, navigate] = useWouterLocation();
  const pathname = location?.pathname;
  const query = location?.search.replace(/^\?/, '');
  const shown = useMemo(
    () =>
      pathname === undefined
        ? undefined
        : {
            // wouter decodes what a location hook returns, and `pathname` is decoded already.
            hook: (): [string, typeof navigate] => [encodeURI(pathname), navigate],
            searchHook: () => query ?? '',
          },
    [pathname, query, navigate],
  );
  if (shown === undefined) return children;
  return (
    <Router hook={shown.hook} searchHook={shown.searchHook} parser={parsePath}>
      {children}
    </Router>
  );
}

/**
 * The first route whose path matches renders. Given a `location`, the routes and the pages in
 * them see that location instead of the address bar's (a page that is leaving keeps its own).
 */
export function Routes({ location, children }: { location?: Location; children: ReactNode }) {
  return (
    <At location={location}>
      <Switch>{children}</Switch>
    </At>
  );
}

/** One page of `Routes`; `path` may hold `:name` parameters, read with `useParams`. */
export function Route({ path, element }: { path: string; element: ReactNode }) {
  return <WouterRoute path={path}>{element}</WouterRoute>;
}

/**
 * A page matched already (the host matches each location once, `matchPage`): its parameters for
 * `useParams`, and, given a `location`, that location for the page's hooks instead of the address
 * bar's (a page that is leaving keeps its own).
 */
export function MatchedPage({
  params,
  location,
  children,
}: {
  params: Record<string, string>;
  location?: Location;
  children: ReactNode;
}) {
  // wouter's own way to skip its matching, `match` (what its Switch passes), is not in its types.
  const matched = { match: [true, params] } as object;
  return (
    <At location={location}>
      <WouterRoute {...matched}>{children}</WouterRoute>
    </At>
  );
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

/** An in-app link: a real `<a href>`, followed without a page load. */
export function Link({ to, replace, ...props }: LinkProps) {
  const { pathname, search } = useLocation();
  // Following a link to where the reader already is must not add a Back step that goes nowhere.
  const stays = to === `${encodeURI(pathname)}${search}` || to === `${pathname}${search}`;
  return <WouterLink to={to} replace={replace ?? stays} {...props} />;
}

type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Active only on `to` itself, not on the pages below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
};

/** A navigation link that knows when it points at the current page (`aria-current="page"`). */
export function NavLink({ to, end = false, className, ...props }: NavLinkProps) {
  const [pathname] = useWouterLocation();
  const isActive = linksHere(to, pathname, end);
  return (
    <Link
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      {...props}
    />
  );
}
