import fp from 'fastify-plugin';
import { describeDriverError } from '../../db/unavailable';
import { type FleetCache, createFleetCache } from '../../services/fleet-cache';

declare module 'fastify' {
  interface FastifyInstance {
    fleet: FleetCache;
  }
}

const FLEET_TTL_MS = 5_000;

export default fp(
  async (app) => {
    app.decorate(
      'fleet',
      createFleetCache(app.db, {
        ttlMs: FLEET_TTL_MS,
        onRefreshFailed: (error) =>
          app.log.warn(describeDriverError(error), 'reading the fleet failed; the last read keeps being served'),
      }),
    );
  },
  { name: 'fleet', dependencies: ['database'] },
);
