import type { ExposesConfig } from '@rentora/shared';

export default {
  filename: 'remoteEntry.js',
  manifest: true,
  exposes: {
    './BookRideModal': './src/exposed/book-ride-modal.tsx',
  } satisfies ExposesConfig<'booking'>,
};
