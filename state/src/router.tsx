import type { ReactNode } from 'react';
import { BrowserRouter as ReactRouterBrowserRouter, Link, useLocation, type LinkProps } from 'react-router-dom';
import { linksHere } from './paths';

/**
 * The router every app uses, shared as one singleton (docs/architecture.md §2): react-router-dom 7
 * in declarative mode. Apps import it from here, never from react-router-dom (ESLint keeps it so),
 * so the one copy on the page is the one inside `@rentora/state`; `@rentora/state/testing/memory-router`
 * is its test twin. What react-router already does as the apps need is re-exported as it is.
 */
export {
  Link,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  type Location,
} from 'react-router-dom';

/**
 * Routing from the browser's address bar and history. The page follows a navigation in the same
 * render, not in a transition React may hold back (react-router's default): the page transitions
 * (docs/decisions/0004-page-transitions.md) and the stores' updates stay in step with the address.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  return <ReactRouterBrowserRouter useTransitions={false}>{children}</ReactRouterBrowserRouter>;
}

type NavLinkProps = Omit<LinkProps, 'className' | 'to'> & {
  to: string;
  /** Active only on `to` itself, not on the pages below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
};

/**
 * A navigation link that knows when it points at the current page (`aria-current="page"`), by the
 * rule the server marks the current link with in a page's HTML (`linksHere`): paths compare as
 * routes match them, ignoring case and a trailing slash. react-router's own NavLink compares the
 * strings, so on `/vehicles/` it would unmark the link the server marked.
 */
export function NavLink({ to, end = false, className, ...props }: NavLinkProps) {
  const { pathname } = useLocation();
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
