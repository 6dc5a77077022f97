import type { ExposesConfig } from '@rentora/state';
import type operatorPages from './src/pages';

export default {
  filename: 'remoteEntry.js',
  manifest: true,
  exposes: {
    './TodayPage': './src/exposed/today-page.tsx',
    './FleetPage': './src/exposed/fleet-page.tsx',
    './BookingsPage': './src/exposed/bookings-page.tsx',
    './PaymentsPage': './src/exposed/payments-page.tsx',
    './TeamPage': './src/exposed/team-page.tsx',
    './SettingsPage': './src/exposed/settings-page.tsx',
    './AuditPage': './src/exposed/audit-page.tsx',
  } satisfies ExposesConfig<typeof operatorPages>,
};
