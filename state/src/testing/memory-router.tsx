import { useLayoutEffect, type ReactNode } from 'react';
import {
  MemoryRouter as ReactRouterMemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
} from 'react-router-dom';

export interface MemoryRouter {
  /** Renders its children at this router's location. */
  Router: (props: { children: ReactNode }) => ReactNode;
  /** Where the router is now. */
  readonly location: Pick<Location, 'pathname' | 'search'>;
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** The browser's Back button. */
  back: () => void;
}

/**
 * The apps' router held in memory (react-router's MemoryRouter, updating as the facade's
 * BrowserRouter does), opened at `url`, for tests that follow where a page goes.
 */
export function memoryRouterAt(url = '/'): MemoryRouter {
  const seen: { location?: Location; navigate?: NavigateFunction } = {};
  const rendered = () => {
    if (!seen.location || !seen.navigate) throw new Error('Render the memory router first.');
    return { location: seen.location, navigate: seen.navigate };
  };
  /** Keeps the router's own location and navigate for the test, outside any `<Routes location>`. */
  function Follow() {
    const location = useLocation();
    const navigate = useNavigate();
    useLayoutEffect(() => {
      seen.location = location;
      seen.navigate = navigate;
    }, [location, navigate]);
    return null;
  }
  return {
    Router: ({ children }) => (
      <MemoryRouter url={url}>
        <Follow />
        {children}
      </MemoryRouter>
    ),
    get location() {
      const { pathname, search } = rendered().location;
      return { pathname, search };
    },
    navigate: (to, options) => void rendered().navigate(to, options),
    back: () => void rendered().navigate(-1),
  };
}

/** Renders `children` under a router held in memory at `url`, for tests that only need one. */
export function MemoryRouter({ url = '/', children }: { url?: string; children: ReactNode }) {
  return (
    <ReactRouterMemoryRouter initialEntries={[url]} useTransitions={false}>
      {children}
    </ReactRouterMemoryRouter>
  );
}
