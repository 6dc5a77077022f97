import '@rentora/shared/styles/fonts.css';
import '@rentora/shared/styles/tokens.css';
import '@rentora/shared/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from '@rentora/state/router';
import AuditPage from '../exposed/audit-page';
import BookingsPage from '../exposed/bookings-page';
import FleetPage from '../exposed/fleet-page';
import SettingsPage from '../exposed/settings-page';
import TeamPage from '../exposed/team-page';
import TodayPage from '../exposed/today-page';

/**
 * The operator pages at the host's routes, with no host: no header, footer, toasts or login modal.
 * Sign in on the composed site (or through the API) and the token in this origin's localStorage
 * (`token`) is the one these pages send.
 */
function StandaloneOperator() {
  return (
    <BrowserRouter>
      <main>
        <Routes>
          <Route path="/operator" element={<TodayPage />} />
          <Route path="/operator/fleet" element={<FleetPage />} />
          <Route path="/operator/bookings" element={<BookingsPage />} />
          <Route path="/operator/team" element={<TeamPage />} />
          <Route path="/operator/settings" element={<SettingsPage />} />
          <Route path="/operator/audit" element={<AuditPage />} />
        </Routes>
      </main>
    </BrowserRouter>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('standalone/index.html has no #root element.');
createRoot(root).render(
  <StrictMode>
    <StandaloneOperator />
  </StrictMode>,
);
