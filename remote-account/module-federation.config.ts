import type { ExposesConfig } from '@rentora/state';
import type accountPages from './src/pages';

export default {
  filename: 'remoteEntry.js',
  manifest: true,
  exposes: {
    './AuthModal': './src/exposed/auth-modal.tsx',
    './ProfileModal': './src/exposed/profile-modal.tsx',
    './InvoicePage': './src/exposed/invoice-page.tsx',
  } satisfies ExposesConfig<typeof accountPages>,
};
