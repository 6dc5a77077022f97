import fp from 'fastify-plugin';
import { type CachedReads, createCachedReads } from '../../services/cached-reads';

declare module 'fastify' {
  interface FastifyInstance {
    reads: CachedReads;
  }
}

export default fp(
  async (app) => {
    app.decorate('reads', createCachedReads(app.db, app.dbChanges));
  },
  { name: 'cached-reads', dependencies: ['database'] },
);
