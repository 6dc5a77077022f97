import '@rentora/shared/styles/fonts.css';
import '@rentora/shared/styles/tokens.css';
import '@rentora/shared/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from '@rentora/state/router';
import FleetPage from '../exposed/fleet-page';
import HomePage from '../exposed/home-page';
import VehicleDetailPage from '../exposed/vehicle-detail-page';

/**
 * The catalog's exposed pages at the host's routes, with no host: no header, footer or modals
 * (Book Ride and Log In belong to other remotes).
 */
function StandaloneCatalog() {
  return (
    <BrowserRouter>
      <main>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/vehicles" element={<FleetPage />} />
          <Route path="/vehicles/:vehicleId" element={<VehicleDetailPage />} />
        </Routes>
      </main>
    </BrowserRouter>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('standalone/index.html has no #root element.');
createRoot(root).render(
  <StrictMode>
    <StandaloneCatalog />
  </StrictMode>,
);
