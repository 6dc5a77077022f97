import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import type { ChangeSignal } from '../../db/change-signal';
import { DEFAULT_DATABASE_LIMITS } from '../../db/connect';
import { type ChangeChannel, openChangeChannel } from '../../db/postgres-change-channel';
import { describeDriverError } from '../../db/unavailable';

/**
 * One signal for "this car's public state may have changed" (its booked days, its availability):
 * everything that commits such a change calls `changed` after the commit, and everything that
 * shows or caches a car's state listens. Listeners hear every instance's changes: on PostgreSQL
 * the database's own triggers NOTIFY each commit that touches a car and every instance LISTENs,
 * on SQLite the one process hears them in memory
 * (docs/architecture.md §4, docs/decisions/0018-live-availability.md).
 */
export interface VehicleChanges {
  /** A committed change touched the car with this public `_id`. */
  changed(vehicleId: string): void;
  /** Calls `listen(listener)` for each change from now on, from any instance; returns the function that stops it. */
  listen(listener: (vehicleId: string) => void): () => void;
  /**
   * Moves on with every change heard, before the listeners are called, so reads of cars cached by
   * it are never older than the last change heard. While another instance's changes cannot be
   * heard (the listening connection is down) it moves on at every call: nothing is cached then.
   */
  readonly signal: ChangeSignal;
}

declare module 'fastify' {
  interface FastifyInstance {
    vehicleChanges: VehicleChanges;
  }
}

export default fp(
  async (app) => {
    const events = new EventEmitter();
    // Every open stream may listen: the count is bounded by the stream limits, not by this default.
    events.setMaxListeners(0);
    let generation = 0;
    const hear = (vehicleId: string) => {
      generation += 1;
      events.emit('changed', vehicleId);
    };

    let channel: ChangeChannel | undefined;
    if (app.config.databaseUrl !== undefined && app.dbOwnBackends !== undefined) {
      // While the connection was down, any car may have changed elsewhere.
      const hearEveryCar = () =>
        app.db
          .selectFrom('vehicles')
          .select('slug')
          .execute()
          .then(
            (cars) => cars.forEach(({ slug }) => hear(slug)),
            (error: unknown) => app.log.warn(describeDriverError(error), 'reading the fleet after a reconnect failed'),
          );
      const opened = await openChangeChannel({
        connectionString: app.config.databaseUrl,
        ownBackends: app.dbOwnBackends,
        connectTimeoutMs: (app.config.databaseLimits ?? DEFAULT_DATABASE_LIMITS).connectTimeoutMs,
        onRemoteChange: hear,
        onResumed: () => void hearEveryCar(),
        onConnectionError: (error) => app.log.warn(describeDriverError(error), 'the vehicle-change channel failed'),
      });
      channel = opened;
      app.addHook('onClose', () => opened.close());
    }

    app.decorate('vehicleChanges', {
      // Other instances hear of it from the database itself, at the commit (db/postgres-change-channel.ts).
      changed: hear,
      listen: (listener: (vehicleId: string) => void) => {
        events.on('changed', listener);
        return () => events.off('changed', listener);
      },
      signal: {
        generation: () => (channel === undefined || channel.listening() ? generation : ++generation),
      },
    });
  },
  { name: 'vehicle-changes', dependencies: ['config', 'database'] },
);
