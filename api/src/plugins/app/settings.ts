import fp from 'fastify-plugin';
import { type SettingsCache, createSettingsCache } from '../../services/settings-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The tax and invoice settings quotes and bookings price with (docs/architecture.md §4). */
    businessSettings: SettingsCache;
  }
}

const SETTINGS_TTL_MS = 1_000;

export default fp(
  async (app) => {
    app.decorate('businessSettings', createSettingsCache(app.db, SETTINGS_TTL_MS));
  },
  { name: 'business-settings', dependencies: ['database'] },
);
