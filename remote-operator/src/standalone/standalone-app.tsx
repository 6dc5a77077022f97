import '@rentora/shared/styles/fonts.css';
import '@rentora/shared/styles/tokens.css';
import '@rentora/shared/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { $pagePaths, pagePathsOf } from '@rentora/state';
import { StandalonePages } from '@rentora/state/standalone';
import AuditPage from '../exposed/audit-page';
import BookingsPage from '../exposed/bookings-page';
import FleetPage from '../exposed/fleet-page';
import PaymentsPage from '../exposed/payments-page';
import SettingsPage from '../exposed/settings-page';
import TeamPage from '../exposed/team-page';
import TodayPage from '../exposed/today-page';
import operatorPages from '../pages';

// No host tells where pages are: the operator's own table does, for its links by name.
$pagePaths.set(pagePathsOf(operatorPages.pages));

const root = document.getElementById('root');
if (!root) throw new Error('standalone/index.html has no #root element.');
/*
 * The operator pages at their paths, with no host: no header, footer, toasts or login modal. Sign
 * in on the composed site (or through the API) and the token in this origin's localStorage
 * (`token`) is the one these pages send.
 */
createRoot(root).render(
  <StrictMode>
    <StandalonePages
      table={operatorPages}
      components={{
        './TodayPage': TodayPage,
        './FleetPage': FleetPage,
        './BookingsPage': BookingsPage,
        './PaymentsPage': PaymentsPage,
        './TeamPage': TeamPage,
        './SettingsPage': SettingsPage,
        './AuditPage': AuditPage,
      }}
    />
  </StrictMode>,
);
