import type { OwnPage, PageAccess, PageComponent } from '@rentora/state';
import InvoicePage from '../../../../../remote-account/src/exposed/invoice-page';
import FleetPage from '../../../../../remote-catalog/src/exposed/fleet-page';
import HomePage from '../../../../../remote-catalog/src/exposed/home-page';
import VehicleDetailPage from '../../../../../remote-catalog/src/exposed/vehicle-detail-page';

/** A remote's page in the single bundle: its table's row, with its component imported, not loaded. */
export interface BundledPage extends Omit<OwnPage, 'title'> {
  title: string | null;
  access: PageAccess;
  Page: PageComponent;
}

/**
 * Every page a customer can reach, from the remotes' own exposed modules (the catalog's and the
 * account's), at the paths and titles of their tables (`single-bundle.test.ts` holds them to it).
 * The operator side is left out: staff only, it would add its weight to the reference's one
 * script and flatter the composed site's bytes.
 */
export const BUNDLED_PAGES: readonly BundledPage[] = [
  {
    name: 'home',
    path: '/',
    title: 'Rentora - Quality Cars, Unmatched Experience',
    nav: { label: 'Home', order: 10 },
    access: 'everyone',
    Page: HomePage,
  },
  {
    name: 'fleet',
    path: '/vehicles',
    title: 'Browse Our Fleet - Cars for Every Need and Budget',
    nav: { label: 'Vehicles', order: 20 },
    access: 'everyone',
    Page: FleetPage,
  },
  { name: 'car', path: '/vehicles/:vehicleId', title: null, access: 'everyone', Page: VehicleDetailPage },
  {
    name: 'invoice',
    path: '/rentals/:rentalId/invoice',
    title: null,
    access: { roles: ['customer', 'operator', 'admin'] },
    Page: InvoicePage,
  },
];
