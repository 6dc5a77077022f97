import type { ExposesConfig } from '@rentora/state';
import type bookingPages from './src/pages';

export default {
  filename: 'remoteEntry.js',
  manifest: true,
  exposes: {
    './BookRideModal': './src/exposed/book-ride-modal.tsx',
  } satisfies ExposesConfig<typeof bookingPages>,
};
