import '@rentora/shared/styles/fonts.css';
import '@rentora/shared/styles/tokens.css';
import '@rentora/shared/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { $pagePaths, pagePathsOf } from '@rentora/state';
import { StandalonePages } from '@rentora/state/standalone';
import FleetPage from '../exposed/fleet-page';
import HomePage from '../exposed/home-page';
import VehicleDetailPage from '../exposed/vehicle-detail-page';
import catalogPages from '../pages';

// No host tells where pages are: the catalog's own table does, for its links by name.
$pagePaths.set(pagePathsOf(catalogPages.pages));

const root = document.getElementById('root');
if (!root) throw new Error('standalone/index.html has no #root element.');
// The catalog's pages at their paths, with no host: no header, footer or modals (Book Ride and Log In belong to other remotes).
createRoot(root).render(
  <StrictMode>
    <StandalonePages
      table={catalogPages}
      components={{ './HomePage': HomePage, './FleetPage': FleetPage, './VehicleDetailPage': VehicleDetailPage }}
    />
  </StrictMode>,
);
