import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { ChangeSignal } from '../../db/change-signal';
import { type Engine, openDatabase } from '../../db/connect';
import { describeDriverError } from '../../db/unavailable';
import { migrateToLatest } from '../../db/migrate';
import type { Database } from '../../db/schema';
import { seedFleet } from '../../db/seed';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    engine: Engine;
    /** See `DatabaseHandle.changes`: undefined on PostgreSQL. */
    dbChanges: ChangeSignal | undefined;
    /** See `DatabaseHandle.ownBackends`: undefined on SQLite. */
    dbOwnBackends: ReadonlySet<number> | undefined;
  }
}

/** Opens SQLite or PostgreSQL, migrates, seeds the fleet once, and closes the pool with the app. */
export default fp(
  async (app) => {
    const { db, engine, changes, ownBackends } = openDatabase({
      dataDir: app.config.dataDir,
      databaseUrl: app.config.databaseUrl,
      limits: app.config.databaseLimits,
      onConnectionError: (error) => app.log.error(describeDriverError(error), 'database connection failed'),
    });
    app.decorate('db', db);
    app.decorate('engine', engine);
    app.decorate('dbChanges', changes);
    app.decorate('dbOwnBackends', ownBackends);
    app.addHook('onClose', async () => {
      await db.destroy();
    });
    await migrateToLatest(db);
    await seedFleet(db);
  },
  { name: 'database', dependencies: ['config'] },
);
