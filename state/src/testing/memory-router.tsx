import { useState, type ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { parsePath } from '../page-table';
import type { Location } from '../router';

export interface MemoryRouter {
  /** Renders its children at this router's location. */
  Router: (props: { children: ReactNode }) => ReactNode;
  /** Where the router is now. */
  readonly location: Location;
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** The browser's Back button. */
  back: () => void;
}

/** The apps' router held in memory, opened at `url`, for tests that follow where a page goes. */
export function createMemoryRouter(url = '/'): MemoryRouter {
  const memory = memoryLocation({ path: url, record: true });
  const entries = memory.history ?? [];
  const current = () => entries[entries.length - 1] ?? '/';
  return {
    Router: ({ children }) => (
      <Router hook={memory.hook} searchHook={memory.searchHook} parser={parsePath}>
        {children}
      </Router>
    ),
    get location() {
      const [pathname = '/', query] = current().split('?');
      return { pathname, search: query ? `?${query}` : '' };
    },
    navigate: memory.navigate,
    back: () => {
      if (entries.length < 2) return;
      entries.pop();
      memory.navigate(current(), { replace: true });
    },
  };
}

/** Renders `children` under a router held in memory at `url`, for tests that only need one. */
export function MemoryRouter({ url = '/', children }: { url?: string; children: ReactNode }) {
  const [router] = useState(() => createMemoryRouter(url));
  return <router.Router>{children}</router.Router>;
}
