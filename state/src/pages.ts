import { API_PATHS } from './api/client';
import type { RemoteModuleIdOf } from './contract';

/**
 * The site's pages, known to the host's router and to the server that writes each page's HTML
 * (its prerendered shell, and hints for the code and data the page starts with).
 */
export type PageName = 'home' | 'fleet' | 'vehicle' | 'about' | 'notFound';

export interface SitePage {
  /** The router's pattern. */
  path: string;
  /** The page title (docs/product.md §2); a remote page that knows better (a car's name) sets its own. */
  title?: string;
  /** The remote module that renders the page, when a remote does. */
  remoteModule?: RemoteModuleIdOf<'catalog'>;
}

export const SITE_PAGES: Readonly<Record<PageName, SitePage>> = {
  home: { path: '/', title: 'Rentora - Quality Cars, Unmatched Experience', remoteModule: 'catalog/HomePage' },
  fleet: {
    path: '/vehicles',
    title: 'Browse Our Fleet - Cars for Every Need and Budget',
    remoteModule: 'catalog/FleetPage',
  },
  vehicle: { path: '/vehicles/:vehicleId', remoteModule: 'catalog/VehicleDetailPage' },
  about: { path: '/about', title: 'About - Rentora' },
  notFound: { path: '*', title: 'Error 404 - Page Not Found!' },
};

export interface PageMatch {
  page: PageName;
  /** The API reads the page starts with, as the client makes them. */
  dataUrls: string[];
  vehicleId?: string;
}

const VEHICLE_PATH = /^\/vehicles\/([^/]+)\/?$/i;

/** Which page a path shows, matched as the router does: case-insensitive, a trailing slash allowed. */
export function matchPage(pathname: string): PageMatch {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  // The home page's search lists the fleet's cities, counted from the fleet.
  if (path === '/') return { page: 'home', dataUrls: [API_PATHS.vehicles] };
  if (path === '/vehicles') return { page: 'fleet', dataUrls: [API_PATHS.vehicles] };
  if (path === '/about') return { page: 'about', dataUrls: [] };
  const vehicle = VEHICLE_PATH.exec(pathname);
  if (vehicle?.[1]) {
    try {
      const vehicleId = decodeURIComponent(vehicle[1]);
      return { page: 'vehicle', vehicleId, dataUrls: [API_PATHS.vehicle(vehicleId)] };
    } catch {
      // A malformed escape is no car's id.
    }
  }
  return { page: 'notFound', dataUrls: [] };
}
