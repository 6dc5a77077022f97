import type { RemoteTableDeclaration } from '@rentora/state';
import { InvoiceSkeleton } from './features/invoice/invoice-page';

/**
 * What the account remote puts in the site (docs/architecture.md §2): a rental's tax invoice, for
 * signed-in readers (the API answers it to the rental's customer and staff only, so it reads
 * nothing before the page and paints nothing from HTML), and the Login/Sign Up and Profile
 * modals. The build checks it against the exposes and writes it beside mf-manifest.json.
 */
const accountPages = {
  pages: [
    {
      name: 'invoice',
      path: '/rentals/:rentalId/invoice',
      title: null,
      expose: './InvoicePage',
      reads: [],
      what: 'the invoice',
      access: { roles: ['customer', 'operator', 'admin'] },
      skeleton: () => <InvoiceSkeleton />,
    },
  ],
  modals: {
    auth: { expose: './AuthModal', what: 'sign-up and login' },
    profile: { expose: './ProfileModal', what: 'your profile' },
  },
} as const satisfies RemoteTableDeclaration;

export default accountPages;

// Its page names are the site's `PageName`s wherever an app links a page (usePagePath).
declare module '@rentora/state' {
  interface PageTables {
    account: typeof accountPages;
  }
}
