import type { ExposesConfig } from '@rentora/state';
import type catalogPages from './src/pages';

export default {
  filename: 'remoteEntry.js',
  manifest: true,
  exposes: {
    './HomePage': './src/exposed/home-page.tsx',
    './FleetPage': './src/exposed/fleet-page.tsx',
    './VehicleDetailPage': './src/exposed/vehicle-detail-page.tsx',
  } satisfies ExposesConfig<typeof catalogPages>,
};
