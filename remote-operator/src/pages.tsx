import type { RemoteTableDeclaration } from '@rentora/state';
import { OperatorSkeleton } from './lib/operator-skeleton';

const STAFF = { roles: ['operator', 'admin'] } as const;
const ADMINS = { roles: ['admin'] } as const;

/**
 * The operator side's pages (docs/architecture.md §2), for staff only: the host shows them and the
 * "Operations" link to operators and admins, and a 404 to everyone else. Their reads need the
 * reader's token, so none is started before the page (`reads: []`), and nothing is painted with
 * data from HTML.
 */
const operatorPages = {
  pages: [
    {
      name: 'operator-today',
      path: '/operator',
      title: 'Operations - Rentora',
      expose: './TodayPage',
      reads: [],
      what: 'today’s hand-overs',
      nav: { label: 'Operations', order: 40 },
      access: STAFF,
      skeleton: () => <OperatorSkeleton heading="Today" />,
    },
    {
      name: 'operator-fleet',
      path: '/operator/fleet',
      title: 'Fleet - Operations - Rentora',
      expose: './FleetPage',
      reads: [],
      what: 'the fleet',
      access: STAFF,
      skeleton: () => <OperatorSkeleton heading="Fleet" />,
    },
    {
      name: 'operator-bookings',
      path: '/operator/bookings',
      title: 'Bookings - Operations - Rentora',
      expose: './BookingsPage',
      reads: [],
      what: 'the bookings',
      access: STAFF,
      skeleton: () => <OperatorSkeleton heading="Bookings" />,
    },
    {
      name: 'operator-payments',
      path: '/operator/payments',
      title: 'Payments - Operations - Rentora',
      expose: './PaymentsPage',
      reads: [],
      what: 'the payments',
      access: STAFF,
      skeleton: () => <OperatorSkeleton heading="Payments" />,
    },
    {
      name: 'operator-team',
      path: '/operator/team',
      title: 'Team - Operations - Rentora',
      expose: './TeamPage',
      reads: [],
      what: 'the team',
      access: ADMINS,
      skeleton: () => <OperatorSkeleton heading="Team" />,
    },
    {
      name: 'operator-settings',
      path: '/operator/settings',
      title: 'Settings - Operations - Rentora',
      expose: './SettingsPage',
      reads: [],
      what: 'the add-ons, tax and payment settings',
      access: ADMINS,
      skeleton: () => <OperatorSkeleton heading="Settings" />,
    },
    {
      name: 'operator-audit',
      path: '/operator/audit',
      title: 'Audit - Operations - Rentora',
      expose: './AuditPage',
      reads: [],
      what: 'the audit',
      access: ADMINS,
      skeleton: () => <OperatorSkeleton heading="Audit" />,
    },
  ],
  modals: {},
} as const satisfies RemoteTableDeclaration;

export default operatorPages;

// Its page names are the site's `PageName`s wherever an app links a page (usePagePath).
declare module '@rentora/state' {
  interface PageTables {
    operator: typeof operatorPages;
  }
}
