import { render } from '@testing-library/react';
import { Route, Routes } from '@rentora/state/router';
import { memoryRouterAt } from '@rentora/state/testing/memory-router';
import { FleetPage } from '../features/fleet/fleet-page';
import { HomePage } from '../features/home/home-page';
import { VehicleDetailPage } from '../features/vehicle-detail/vehicle-detail-page';

/** The catalog's three pages under the host's routes, opened at `url`. */
export function renderCatalog(url: string) {
  const router = memoryRouterAt(url);
  return {
    router,
    ...render(
      <router.Router>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/vehicles" element={<FleetPage />} />
          <Route path="/vehicles/:vehicleId" element={<VehicleDetailPage />} />
        </Routes>
      </router.Router>,
    ),
  };
}
