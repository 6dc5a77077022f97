import type { ExposesConfig } from '@rentora/shared';

export default {
  filename: 'remoteEntry.js',
  manifest: true,
  exposes: {
    './HomePage': './src/exposed/home-page.tsx',
    './FleetPage': './src/exposed/fleet-page.tsx',
    './VehicleDetailPage': './src/exposed/vehicle-detail-page.tsx',
  } satisfies ExposesConfig<'catalog'>,
};
