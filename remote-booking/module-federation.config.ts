import type { ExposesConfig } from '@rentora/state';

export default {
  filename: 'remoteEntry.js',
  manifest: true,
  exposes: {
    './BookRideModal': './src/exposed/book-ride-modal.tsx',
  } satisfies ExposesConfig<'booking'>,
};
