import type { SitePage, SiteTable } from '@rentora/state';

const catalogPage = (page: Omit<SitePage, 'remote' | 'access' | 'styles'>): SitePage => ({
  remote: 'catalog',
  access: 'everyone',
  styles: [],
  ...page,
});

/** The remotes' tables as the deployed remotes declare them (each remote's src/pages.tsx). */
export const SITE_TABLE: SiteTable = {
  pages: [
    catalogPage({
      name: 'home',
      path: '/',
      title: 'Rentora - Quality Cars, Unmatched Experience',
      expose: './HomePage',
      reads: ['/api/vehicles'],
      what: 'the home page',
      nav: { label: 'Home', order: 10 },
    }),
    catalogPage({
      name: 'fleet',
      path: '/vehicles',
      title: 'Browse Our Fleet - Cars for Every Need and Budget',
      expose: './FleetPage',
      reads: ['/api/vehicles'],
      what: 'the fleet',
      nav: { label: 'Vehicles', order: 20 },
    }),
    catalogPage({
      name: 'car',
      path: '/vehicles/:vehicleId',
      title: null,
      expose: './VehicleDetailPage',
      reads: ['/api/vehicles/:vehicleId'],
      what: 'this car',
    }),
  ],
  modals: [
    { remote: 'booking', name: 'book', expose: './BookRideModal', what: 'booking' },
    { remote: 'account', name: 'auth', expose: './AuthModal', what: 'sign-up and login' },
    { remote: 'account', name: 'profile', expose: './ProfileModal', what: 'your profile' },
  ],
};
