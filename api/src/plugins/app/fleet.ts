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
    const fleet = createFleetCache(app.db, {
      ttlMs: FLEET_TTL_MS,
      onRefreshFailed: (error) =>
        app.log.warn(describeDriverError(error), 'reading the fleet failed; the last read keeps being served'),
    });
    // A car edited, taken out of service, listed or retired on another instance shows on the next
    // request, not after the TTL (this instance's own edits invalidate at once: routes/api/operator).
    // A booking leaves the fleet as it was: one read of the car tells, not a read of the whole fleet.
    const stop = app.vehicleChanges.listen((vehicleId) => fleet.carChanged(vehicleId));
    app.addHook('onClose', async () => stop());
    app.decorate('fleet', fleet);
  },
  { name: 'fleet', dependencies: ['database', 'vehicle-changes'] },
);
