import fp from 'fastify-plugin';
import { describeDriverError } from '../../db/unavailable';
import { pruneExpiredKeys } from '../../repositories/idempotency';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Expired idempotency keys of users who never book again are deleted hourly (and at start). */
export default fp(
  async (app) => {
    const sweep = async () => {
      try {
        await pruneExpiredKeys(app.db, app.engine);
      } catch (error) {
        app.log.warn(describeDriverError(error), 'pruning expired idempotency keys failed');
      }
    };
    const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    await sweep();
  },
  { name: 'idempotency-sweep', dependencies: ['database'] },
);
