import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FleetPage } from '../features/fleet/fleet-page';
import { HomePage } from '../features/home/home-page';
import { VehicleDetailPage } from '../features/vehicle-detail/vehicle-detail-page';

/** The catalog's three pages under the host's routes, opened at `url`. */
export function renderCatalog(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <HomePage /> },
      { path: '/vehicles', element: <FleetPage /> },
      { path: '/vehicles/:vehicleId', element: <VehicleDetailPage /> },
    ],
    { initialEntries: [url] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}
