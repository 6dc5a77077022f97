import fp from 'fastify-plugin';
import { describeDriverError } from '../../db/unavailable';
import { PUBLIC_STATUSES, findVehicle, toVehicle } from '../../repositories/vehicles';
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
    const readAgainIfChanged = async (vehicleId: string) => {
      const [row, current] = await Promise.all([findVehicle(app.db, vehicleId), fleet.current()]);
      const known = current.bySlug.get(vehicleId)?.vehicle;
      const listed = row !== undefined && (PUBLIC_STATUSES as readonly string[]).includes(row.status);
      const now = listed ? toVehicle(row) : undefined;
      if (JSON.stringify(now) !== JSON.stringify(known)) fleet.invalidate();
    };
    const stop = app.vehicleChanges.listen((vehicleId) => {
      readAgainIfChanged(vehicleId).catch((error: unknown) =>
        app.log.warn(describeDriverError(error), 'checking a changed car against the fleet failed'),
      );
    });
    app.addHook('onClose', async () => stop());
    app.decorate('fleet', fleet);
  },
  { name: 'fleet', dependencies: ['database', 'vehicle-changes'] },
);
