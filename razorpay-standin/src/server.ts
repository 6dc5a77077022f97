import { createHmac, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { CHECKOUT_SCRIPT, checkoutPage, checkoutPageCsp } from './checkout';
import { GatewayRefusal, Ledger } from './ledger';
import { type Delivery, type EventName, Webhooks } from './webhooks';

export interface StandInOptions {
  port: number;
  host?: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where webhooks go (the API's `/api/payments/webhook`); none are sent without it. */
  webhookUrl?: string;
  /** The sites allowed to frame the checkout page and receive its result. */
  siteOrigins: readonly string[];
  merchantName?: string;
}

/** What a test may make the stand-in do wrong, as Razorpay or the network sometimes does. */
export interface Faults {
  webhooks: Delivery;
  /**
   * The next call of each kind named commits (the order exists, the refund is made) and then
   * answers only after `hangMs`: the API's own timeout has given up by then.
   */
  hangAfterCommit: ('order' | 'refund')[];
  hangMs: number;
}

export const NORMAL_FAULTS: Faults = { webhooks: 'normal', hangAfterCommit: [], hangMs: 15_000 };

export interface StandIn {
  url: string;
  ledger: Ledger;
  webhooks: Webhooks;
  faults: Faults;
  /** Puts every fault back to normal. */
  resetFaults(): void;
  close: () => Promise<void>;
}

/** The signature Checkout hands the browser: hex HMAC-SHA256 of `order_id|payment_id`, keyed with the key secret. */
export const checkoutSignature = (orderId: string, paymentId: string, keySecret: string) =>
  createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A local stand-in for Razorpay (docs/decisions/0031-payments.md): its REST API for orders,
 * payments and refunds behind the key's basic auth, Checkout's script and page, and webhooks
 * signed as Razorpay signs them, so the API's real verification runs against it. Never a payment
 * service: it keeps everything in memory and moves no money.
 */
export async function startStandIn(options: StandInOptions): Promise<StandIn> {
  const ledger = new Ledger();
  const faults: Faults = { ...NORMAL_FAULTS, hangAfterCommit: [] };
  const delivery = {
    get next() {
      return faults.webhooks;
    },
  };
  const webhooks = new Webhooks(
    { url: options.webhookUrl, secret: options.webhookSecret, accountId: 'acc_standin' },
    delivery,
  );
  const app: FastifyInstance = Fastify({ logger: false });
  const expectedAuth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof GatewayRefusal) return reply.code(error.statusCode).send(error.body);
    const { statusCode = 500, message = 'error' } = error as { statusCode?: number; message?: string };
    return reply
      .code(statusCode)
      .send({ error: { code: 'BAD_REQUEST_ERROR', description: message, source: 'NA', step: 'NA', reason: 'NA' } });
  });

  const authenticated = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!sameText(request.headers.authorization ?? '', expectedAuth)) {
      await reply.code(401).send({
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Authentication failed',
          source: 'NA',
          step: 'NA',
          reason: 'NA',
        },
      });
    }
  };

  /** Answers after `hangMs` when the next call of this kind is to hang: it has committed already. */
  const hangIfAsked = async (kind: 'order' | 'refund') => {
    const index = faults.hangAfterCommit.indexOf(kind);
    if (index === -1) return;
    faults.hangAfterCommit.splice(index, 1);
    await new Promise((resolve) => setTimeout(resolve, faults.hangMs).unref());
  };

  const paymentEvents = (paymentId: string): { event: EventName; payment: ReturnType<Ledger['payment']> }[] => {
    const payment = ledger.payment(paymentId);
    return payment.captured
      ? [
          { event: 'payment.authorized', payment },
          { event: 'payment.captured', payment },
        ]
      : [{ event: 'payment.failed', payment }];
  };

  app.register(
    async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        // Checkout's script and its own call need no key: the browser holds none.
        if (request.method === 'POST' && /^\/v1\/orders\/[^/]+\/pay$/.test(request.url)) return;
        if (request.method === 'GET' && request.url.split('?')[0] === '/v1/checkout.js') return;
        await authenticated(request, reply);
      });

      api.post('/orders', async (request) => {
        const order = ledger.createOrder(request.body ?? {});
        await hangIfAsked('order');
        return order;
      });
      api.get<{ Params: { id: string } }>('/orders/:id', async (request) => ledger.order(request.params.id));
      api.get<{ Params: { id: string } }>('/orders/:id/payments', async (request) => {
        const items = ledger.paymentsOf(request.params.id);
        return { entity: 'collection', count: items.length, items };
      });
      api.get<{ Params: { id: string } }>('/payments/:id', async (request) => ledger.payment(request.params.id));
      api.get<{ Params: { id: string } }>('/payments/:id/refunds', async (request) => {
        ledger.payment(request.params.id);
        const items = ledger.refundsOf(request.params.id);
        return { entity: 'collection', count: items.length, items };
      });
      api.post<{ Params: { id: string }; Body: Record<string, unknown> | undefined }>(
        '/payments/:id/refund',
        async (request) => {
          const key = request.headers['x-refund-idempotency'];
          const known = new Set(ledger.refunds.keys());
          const refund = ledger.refund(
            request.params.id,
            request.body ?? {},
            typeof key === 'string' ? key : undefined,
          );
          if (!known.has(refund.id)) processLater(refund.id);
          await hangIfAsked('refund');
          return refund;
        },
      );

      /** What Checkout does when the customer pays (or their bank declines): for the page, and for black-box tests. */
      api.post<{ Params: { id: string }; Body: { outcome?: unknown } | undefined }>(
        '/orders/:id/pay',
        async (request, reply) => {
          const outcome = request.body?.outcome;
          if (outcome !== 'success' && outcome !== 'failure') {
            throw new GatewayRefusal(400, 'BAD_REQUEST_ERROR', 'outcome must be "success" or "failure".');
          }
          const payment = ledger.attempt(request.params.id, outcome);
          const order = ledger.order(payment.order_id);
          webhooks.emit([
            ...paymentEvents(payment.id),
            ...(payment.captured ? [{ event: 'order.paid' as const, order, payment }] : []),
          ]);
          if (!payment.captured) {
            return reply.code(400).send({
              error: {
                code: payment.error_code,
                description: payment.error_description,
                source: 'customer',
                step: 'payment_authorization',
                reason: 'payment_failed',
                metadata: { order_id: order.id, payment_id: payment.id },
              },
            });
          }
          return {
            razorpay_order_id: order.id,
            razorpay_payment_id: payment.id,
            razorpay_signature: checkoutSignature(order.id, payment.id, options.keySecret),
          };
        },
      );

      api.get('/checkout.js', async (_request, reply) =>
        reply
          .type('text/javascript; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(CHECKOUT_SCRIPT),
      );
    },
    { prefix: '/v1' },
  );

  app.get<{ Params: { id: string }; Querystring: { key?: string; origin?: string; name?: string } }>(
    '/checkout/:id',
    async (request, reply) => {
      const { key, origin = '', name } = request.query;
      if (key !== options.keyId || !options.siteOrigins.includes(origin)) {
        return reply.code(403).type('text/plain').send('This checkout is for the configured key and sites only.');
      }
      const order = ledger.order(request.params.id);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', checkoutPageCsp(origin))
        .header('cache-control', 'no-store')
        .send(checkoutPage(order, name ?? options.merchantName ?? 'Rentora', origin));
    },
  );

  /** Fault injection and the events sent, for tests: never part of Razorpay's API. */
  app.put<{ Body: Partial<Faults> }>('/__standin/faults', async (request) => {
    Object.assign(faults, { ...NORMAL_FAULTS, hangAfterCommit: [] }, request.body ?? {});
    return faults;
  });
  app.get('/__standin/events', async () => webhooks.sent.map(({ id, event, answers }) => ({ id, event, answers })));
  app.post<{ Params: { id: string } }>('/__standin/events/:id/redeliver', async (request, reply) =>
    (await webhooks.redeliver(request.params.id)) ? { redelivered: request.params.id } : reply.code(404).send({}),
  );

  /** A refund is processed a moment after it is made, and says so by webhook. */
  const processLater = (refundId: string) => {
    setTimeout(() => {
      const refund = ledger.refunds.get(refundId);
      if (refund === undefined || refund.status !== 'pending') return;
      refund.status = 'processed';
      webhooks.emit([{ event: 'refund.processed', refund, payment: ledger.payment(refund.payment_id) }]);
    }, 100).unref();
  };

  await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  return {
    url: `http://${options.host === '0.0.0.0' || options.host === undefined ? '127.0.0.1' : options.host}:${port}`,
    ledger,
    webhooks,
    faults,
    resetFaults: () => Object.assign(faults, { ...NORMAL_FAULTS, hangAfterCommit: [] }),
    close: async () => {
      await webhooks.stop();
      await app.close();
    },
  };
}
