import type { ReactNode } from 'react';
import type { RemoteModuleIdOf } from '@rentora/state';
import { RemoteSlot } from '../lib/federation/remote-slot';
import { AboutPage } from '../pages/about-page';
import { NotFoundPage } from '../pages/not-found-page';
import { PageSkeleton } from './page-skeleton';

export interface SiteRoute {
  path: string;
  /** The page title of SPEC §2; a remote page that knows better (a car's name) sets its own. */
  title?: string;
  element: ReactNode;
}

const catalogPage = (id: RemoteModuleIdOf<'catalog'>, what: string) => (
  <RemoteSlot id={id} props={{}} fallback={<PageSkeleton />} what={what} />
);

export const SITE_ROUTES: readonly SiteRoute[] = [
  {
    path: '/',
    title: 'Rentora - Quality Cars, Unmatched Experience',
    element: catalogPage('catalog/HomePage', 'the home page'),
  },
  {
    path: '/vehicles',
    title: 'Browse Our Fleet - Cars for Every Need and Budget',
    element: catalogPage('catalog/FleetPage', 'the fleet'),
  },
  { path: '/vehicles/:vehicleId', element: catalogPage('catalog/VehicleDetailPage', 'this car') },
  { path: '/about', title: 'About - Rentora', element: <AboutPage /> },
  { path: '*', title: 'Error 404 - Page Not Found!', element: <NotFoundPage /> },
];
