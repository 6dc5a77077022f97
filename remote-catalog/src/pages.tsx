import type { RemoteTableDeclaration } from '@rentora/state';
import { CarFirstPaint } from './features/vehicle-detail/car-first-paint';
import { VehicleDetailSkeleton } from './features/vehicle-detail/car-skeleton';
import { FleetFirstPaint, FleetSkeleton } from './features/fleet/fleet-first-paint';
import { HomeFirstPaint, HomeSkeleton } from './features/home/home-first-paint';

/**
 * The catalog's pages (docs/architecture.md §2): the one place that says where each is, what it
 * is called, what renders it and what it reads first. The build checks it against the exposes and
 * writes it beside mf-manifest.json, and the host serves these pages from it, so adding a page
 * here and deploying the catalog adds it to the site (README: Add a page).
 */
const catalogPages = {
  pages: [
    {
      name: 'home',
      path: '/',
      title: 'Rentora - Quality Cars, Unmatched Experience',
      expose: './HomePage',
      // The search lists the fleet's cities, counted from the fleet.
      reads: ['/api/vehicles'],
      what: 'the home page',
      nav: { label: 'Home', order: 10 },
      access: 'everyone',
      skeleton: () => <HomeSkeleton />,
      firstPaint: () => <HomeFirstPaint />,
    },
    {
      name: 'fleet',
      path: '/vehicles',
      title: 'Browse Our Fleet - Cars for Every Need and Budget',
      expose: './FleetPage',
      reads: ['/api/vehicles'],
      what: 'the fleet',
      nav: { label: 'Vehicles', order: 20 },
      access: 'everyone',
      skeleton: () => <FleetSkeleton />,
      firstPaint: () => <FleetFirstPaint />,
    },
    {
      name: 'car',
      path: '/vehicles/:vehicleId',
      // The car's name: the page and its first paint write their own.
      title: null,
      expose: './VehicleDetailPage',
      reads: ['/api/vehicles/:vehicleId'],
      what: 'this car',
      access: 'everyone',
      skeleton: () => <VehicleDetailSkeleton />,
      firstPaint: () => <CarFirstPaint />,
    },
  ],
  modals: {},
} as const satisfies RemoteTableDeclaration;

export default catalogPages;

// Its page names are the site's `PageName`s wherever an app links a page (usePagePath).
declare module '@rentora/state' {
  interface PageTables {
    catalog: typeof catalogPages;
  }
}
