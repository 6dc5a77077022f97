import type { RemoteTableDeclaration } from '@rentora/state';

/**
 * What the booking remote puts in the site (docs/architecture.md §2): no page of its own, the
 * Book Ride modal. The build checks it against the exposes and writes it beside mf-manifest.json.
 */
const bookingPages = {
  pages: [],
  modals: { book: { expose: './BookRideModal', what: 'booking' } },
} as const satisfies RemoteTableDeclaration;

export default bookingPages;

// Its page names are the site's `PageName`s wherever an app links a page (usePagePath).
declare module '@rentora/state' {
  interface PageTables {
    booking: typeof bookingPages;
  }
}
