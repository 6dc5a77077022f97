import fp from 'fastify-plugin';
import { describeDriverError } from '../../db/unavailable';
import { pruneExpiredKeys } from '../../repositories/idempotency';
import { pruneRevokedTokens } from '../../repositories/sessions';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Hourly (and at start), rows that no longer mean anything are deleted: idempotency keys of
 * users who never book again, and revoked tokens that have expired since.
 */
export default fp(
  async (app) => {
    const sweeps = [
      { prune: () => pruneExpiredKeys(app.db, app.engine), failed: 'pruning expired idempotency keys failed' },
      { prune: () => pruneRevokedTokens(app.db, app.engine), failed: 'pruning expired revoked tokens failed' },
    ];
    const sweep = async () => {
      for (const { prune, failed } of sweeps) {
        try {
          await prune();
        } catch (error) {
          app.log.warn(describeDriverError(error), failed);
        }
      }
    };
    const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    await sweep();
  },
  { name: 'housekeeping', dependencies: ['database'] },
);
