import type { ExposesConfig } from '@rentora/state';

export default {
  filename: 'remoteEntry.js',
  manifest: true,
  exposes: {
    './HomePage': './src/exposed/home-page.tsx',
    './FleetPage': './src/exposed/fleet-page.tsx',
    './VehicleDetailPage': './src/exposed/vehicle-detail-page.tsx',
  } satisfies ExposesConfig<'catalog'>,
};
