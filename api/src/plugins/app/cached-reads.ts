import fp from 'fastify-plugin';
import { type CachedReads, createCachedReads } from '../../services/cached-reads';

declare module 'fastify' {
  interface FastifyInstance {
    reads: CachedReads;
  }
}

export default fp(
  async (app) => {
    app.decorate('reads', createCachedReads(app.db, { all: app.dbChanges, cars: app.vehicleChanges.signal }));
  },
  { name: 'cached-reads', dependencies: ['database', 'vehicle-changes'] },
);
