import fp from 'fastify-plugin';
import { createGateway } from '../../payments/gateway';
import { type PaymentsContext, slugOf } from '../../services/payments/payments-context';
import { SWEEP_EVERY_MS, reconcileOnce } from '../../services/payments/reconcile';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment gateway and what its services need; undefined when none is configured (online payment stays off). */
    payments: PaymentsContext | undefined;
  }
}

/**
 * Payments (docs/decisions/0031-payments.md): the gateway from the configuration, the context the
 * payment routes share, and the reconciliation sweep every minute (staggered, so instances started
 * together do not all ask the gateway at once).
 */
export default fp(
  async (app) => {
    const config = app.config.payments;
    if (config === undefined) {
      app.decorate('payments', undefined);
      return;
    }
    const context: PaymentsContext = {
      db: app.db,
      engine: app.engine,
      gateway: createGateway(config),
      now: Date.now,
      today: app.today,
      log: app.log,
      carChanged: async (vehicleId) => {
        const slug = await slugOf(app.db, vehicleId);
        if (slug !== undefined) app.vehicleChanges.changed(slug);
      },
    };
    app.decorate('payments', context);

    let sweeping: Promise<void> | undefined;
    const sweep = () => {
      sweeping ??= reconcileOnce(context)
        .catch((error: unknown) => app.log.warn({ error: String(error) }, 'the payments sweep failed; it runs again'))
        .finally(() => {
          sweeping = undefined;
        });
    };
    let timer: NodeJS.Timeout | undefined;
    const first =
      config.sweepOnTimer === false
        ? undefined
        : setTimeout(
            () => {
              sweep();
              timer = setInterval(sweep, SWEEP_EVERY_MS);
              timer.unref();
            },
            Math.floor(Math.random() * SWEEP_EVERY_MS),
          );
    first?.unref();
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(timer);
      await sweeping;
    });
  },
  { name: 'payments', dependencies: ['database', 'clock', 'vehicle-changes'] },
);
