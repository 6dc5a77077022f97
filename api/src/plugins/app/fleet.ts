import fp from 'fastify-plugin';
import { type FleetCache, createFleetCache } from '../../services/fleet-cache';

declare module 'fastify' {
  interface FastifyInstance {
    fleet: FleetCache;
  }
}

const FLEET_TTL_MS = 5_000;

export default fp(
  async (app) => {
    app.decorate('fleet', createFleetCache(app.db, FLEET_TTL_MS));
  },
  { name: 'fleet', dependencies: ['database'] },
);
