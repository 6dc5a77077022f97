import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import {
  type CheckoutResult,
  type VerifiedPayment,
  checkoutResultSchema,
  verifiedPaymentSchema,
} from '@rentora/shared/payments';
import { messageSchema } from '@rentora/shared/schemas';
import type { PaymentsContext } from '../../../services/payments/payments-context';
import { ApiError } from '../../../errors';
import { GatewayRefused, GatewayUnavailable } from '../../../payments/gateway';
import { checkoutSignatureHolds, webhookSignatureHolds } from '../../../payments/signatures';
import { currentAccount } from '../../../plugins/app/auth';
import { findPayment } from '../../../repositories/payments';
import { idempotentCall, messageOf } from '../../../services/idempotent-call';
import { CHANGE_PAID, PAID, refundedAfterLapse, settleCapture } from '../../../services/payments/settle';
import { type GatewayEvent, handleGatewayEvent } from '../../../services/payments/webhook-events';
import { bearerAuth, errorResponses, idempotencyHeaders, rowIdParams } from '../../schemas';

export const NO_SUCH_PAYMENT = 'There is no such payment.';
export const SIGNATURE_FAILS = 'This payment’s signature does not verify: nothing was confirmed.';
export const NOT_CAPTURED = 'This payment did not go through: nothing was charged. Please try again.';
export const NOT_THIS_ORDER = 'This payment is for another order: nothing was confirmed.';
export const GATEWAY_DOWN = 'The payment gateway cannot be reached just now. Please try again in a moment.';
export const WEBHOOK_SIGNATURE_FAILS = 'The webhook signature does not verify.';
export const WEBHOOK_WITHOUT_ID = 'A webhook needs its X-Razorpay-Event-Id.';
export const WEBHOOK_NOT_JSON = 'A webhook’s body must be JSON.';

/** The gateway is needed for these routes: without one configured, there is nothing to pay. */
function gatewayOf(payments: PaymentsContext | undefined): PaymentsContext {
  if (payments === undefined) throw new ApiError(404, NO_SUCH_PAYMENT);
  return payments;
}

const paymentRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.post(
    '/:id/verify',
    {
      preHandler: [app.authenticate, app.limitWrites],
      config: { validationMessage: SIGNATURE_FAILS },
      schema: {
        tags: ['payments'],
        summary: 'Confirm a booking (or a change of dates) with what Checkout handed the browser',
        description:
          'The signature is checked, then the payment is read from the gateway and checked against our own order (amount, currency, order) before anything moves. A payment whose hold lapsed and whose dates were taken since is refunded by itself: 409 says so. The webhook may have confirmed it first: the answer is the same.',
        security: bearerAuth,
        params: rowIdParams,
        headers: idempotencyHeaders,
        body: checkoutResultSchema,
        response: { 200: verifiedPaymentSchema, ...errorResponses(400, 401, 404, 409, 415, 422, 429) },
      },
    },
    async (request) => {
      const account = currentAccount(request);
      const answer = await idempotentCall(
        app.db,
        app.engine,
        {
          userId: account.id,
          key: request.headers['idempotency-key'],
          request: ['verify', request.params.id, request.body],
        },
        async () => ({ statusCode: 200, body: await verify(request.params.id, account.id, request.body) }),
      );
      // A replayed refusal is refused again, in the API's own error shape.
      if (answer.statusCode >= 400) throw new ApiError(answer.statusCode, messageOf(answer));
      return answer.body;
    },
  );

  /** Checks Checkout's result and settles the payment (see the route's description). */
  const verify = async (id: string, userId: number, result: CheckoutResult): Promise<VerifiedPayment> => {
    const payments = gatewayOf(app.payments);
    const payment = await findPayment(app.db, Number(id));
    if (payment === undefined || payment.user_id !== userId || payment.kind !== 'charge') {
      throw new ApiError(404, NO_SUCH_PAYMENT);
    }
    if (!checkoutSignatureHolds(result, payments.gateway.config.keySecret)) throw new ApiError(400, SIGNATURE_FAILS);
    if (result.razorpay_order_id !== payment.order_id) throw new ApiError(400, NOT_THIS_ORDER);
    let captured;
    try {
      captured = await payments.gateway.fetchPayment(result.razorpay_payment_id);
    } catch (error) {
      if (error instanceof GatewayRefused) throw new ApiError(400, NOT_CAPTURED);
      if (error instanceof GatewayUnavailable) throw new ApiError(503, GATEWAY_DOWN, 5);
      throw error;
    }
    if (captured.order_id !== payment.order_id) throw new ApiError(400, NOT_THIS_ORDER);
    const settled = await settleCapture(payments, captured);
    if (settled.outcome === 'refunded') throw new ApiError(409, refundedAfterLapse(settled.amountPaise));
    if (settled.outcome !== 'confirmed') throw new ApiError(400, NOT_CAPTURED);
    return {
      message: payment.purpose === 'change' ? CHANGE_PAID : PAID,
      rental_id: settled.rentalId,
      status: 'confirmed' as const,
    };
  };

  await app.register(async (webhooks) => {
    // The signature is over the exact bytes received: the body is kept as bytes and parsed after.
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhooks.post(
      '/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: 'The payment gateway’s events, signed with the webhook secret',
          description:
            '`X-Razorpay-Signature` is checked over the raw body; each `X-Razorpay-Event-Id` takes effect once. `payment.captured` and `order.paid` settle a payment as verify does, `payment.failed` is noted, `refund.processed` and `refund.failed` close a refund.',
          response: { 200: messageSchema, ...errorResponses(400, 415) },
        },
      },
      async (request) => {
        const payments = gatewayOf(app.payments);
        const raw = request.body as Buffer;
        const signature = request.headers['x-razorpay-signature'];
        if (
          typeof signature !== 'string' ||
          !webhookSignatureHolds(raw, signature, payments.gateway.config.webhookSecret)
        ) {
          throw new ApiError(400, WEBHOOK_SIGNATURE_FAILS);
        }
        const eventId = request.headers['x-razorpay-event-id'];
        if (typeof eventId !== 'string' || eventId === '' || eventId.length > 100)
          throw new ApiError(400, WEBHOOK_WITHOUT_ID);
        let event: GatewayEvent;
        try {
          event = JSON.parse(raw.toString('utf8')) as GatewayEvent;
        } catch {
          throw new ApiError(400, WEBHOOK_NOT_JSON);
        }
        await handleGatewayEvent(payments, eventId, event);
        return { message: 'Received.' };
      },
    );
  });
};

export default paymentRoutes;
