import fp from 'fastify-plugin';
import { describeDriverError } from '../../db/unavailable';
import { findVehicle, listBookedRanges, listEveryBookedRange, listVehicleRows } from '../../repositories/vehicles';
import { type AvailabilityFeed, createAvailabilityFeed } from '../../services/availability-feed';

declare module 'fastify' {
  interface FastifyInstance {
    availabilityFeed: AvailabilityFeed;
  }
}

/** Reconnecting readers up to this many events behind get what they missed; further behind, every car. */
const HISTORY_EVENTS = 1_000;

/** The instance's live availability feed, fed by every instance's vehicle changes. */
export default fp(
  async (app) => {
    const feed = createAvailabilityFeed({
      // Live, not the read caches: the one read per change per instance that every stream shares.
      readCar: async (vehicleId) => {
        const row = await findVehicle(app.db, vehicleId);
        // A draft is no one's business yet; a retired car is sent as unavailable, so open pages say so.
        if (row === undefined || row.status === 'draft') return undefined;
        const booked = await listBookedRanges(app.db, row.id, app.today());
        return { _id: row.slug, availability: row.status === 'in_service', booked };
      },
      readFleet: async () => {
        const [rows, booked] = await Promise.all([listVehicleRows(app.db), listEveryBookedRange(app.db, app.today())]);
        return rows.map((row) => ({
          _id: row.slug,
          availability: row.status === 'in_service',
          booked: booked.get(row.id) ?? [],
        }));
      },
      onReadFailed: (error) => app.log.warn(describeDriverError(error), 'reading a car for the live feed failed'),
      history: HISTORY_EVENTS,
      heartbeatMs: app.config.events.heartbeatMs,
    });
    const stop = app.vehicleChanges.listen((vehicleId) => feed.changed(vehicleId));
    app.addHook('onClose', async () => {
      stop();
      feed.close();
    });
    app.decorate('availabilityFeed', feed);
  },
  { name: 'availability-feed', dependencies: ['database', 'clock', 'vehicle-changes'] },
);
