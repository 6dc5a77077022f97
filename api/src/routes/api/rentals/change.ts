import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import {
  type DateChange,
  type DateChangeRequest,
  dateChangeQuerySchema,
  dateChangeQuoteSchema,
  dateChangeRequestSchema,
  dateChangeSchema,
} from '@rentora/shared/date-change';
import { bookingConflictSchema } from '@rentora/shared/schemas';
import { ApiError } from '../../../errors';
import { currentAccount } from '../../../plugins/app/auth';
import { type ChangeContext, changeDates, previewDateChange } from '../../../services/change-dates';
import { type CallAnswer, idempotentCall, messageOf } from '../../../services/idempotent-call';
import { paymentToOpen } from '../../../services/payments/open-order';
import { bearerAuth, errorResponses, idempotencyHeaders, rowIdParams } from '../../schemas';
import { fieldMessage } from '../operator/field-message';

export const CHANGE_NOT_STARTED =
  'The payment could not be started, so your rental keeps its dates. Please try again in a moment.';

/** Changing a rental's dates, and seeing what it comes to first (docs/product.md §11). */
const changeRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const context = (): ChangeContext => ({
    db: app.db,
    engine: app.engine,
    today: app.today,
    timeZone: app.config.businessTimeZone,
    seals: app.quoteSeals,
    now: Date.now,
    settings: () => app.businessSettings.current(),
    payments: app.payments,
  });

  app.get(
    '/:id/change',
    {
      preHandler: [app.authenticate, app.limitQuotes],
      config: { validationMessage: fieldMessage },
      schema: {
        tags: ['rentals'],
        summary: 'What changing the rental to new dates would cost and settle, before confirming (its customer)',
        description:
          'Checked and priced as the change itself (400, 404, 409 naming the taken days); writes nothing. Send `quote.id` with the change as `quote_id`.',
        security: bearerAuth,
        params: rowIdParams,
        querystring: dateChangeQuerySchema,
        response: { 200: dateChangeQuoteSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) =>
      previewDateChange(context(), currentAccount(request).id, Number(request.params.id), request.query),
  );

  /** Changes the dates and answers as the route says: the change, or 409 with the quote now. */
  const change = async (
    account: { id: number; email: string },
    rentalId: number,
    body: DateChangeRequest,
  ): Promise<CallAnswer> => {
    const outcome = await changeDates(context(), account, rentalId, body);
    if (outcome.kind === 'stale_quote')
      return { statusCode: 409, body: { message: outcome.message, quote: outcome.quote } };
    app.vehicleChanges.changed(outcome.vehicleSlug);
    const answer: DateChange = {
      message: outcome.message,
      rental_id: outcome.rentalId,
      status: outcome.kind,
      ...outcome.range,
      total_paise: outcome.totalPaise,
      difference_paise: outcome.differencePaise,
      refund_paise: outcome.kind === 'changed' ? outcome.refundPaise : 0,
    };
    if (outcome.kind === 'awaiting_payment' && app.payments !== undefined) {
      try {
        answer.payment = await paymentToOpen(app.payments, outcome.paymentId);
      } catch (error) {
        // The booking's words would say nothing is booked: a change's rental keeps its dates.
        if (error instanceof ApiError && error.statusCode === 503) throw new ApiError(503, CHANGE_NOT_STARTED, 5);
        throw error;
      }
    }
    return { statusCode: 200, body: answer };
  };

  app.post(
    '/:id/change',
    {
      preHandler: [app.authenticate, app.limitWrites],
      config: { validationMessage: fieldMessage },
      schema: {
        tags: ['rentals'],
        summary: 'Change an upcoming rental’s dates, or the drop-off of one under way (its customer)',
        description:
          'Priced again with the length discount of the new length, and checked against the car’s other rentals and blocks under its lock: 409 names the taken days. With online payment on, more to pay answers `status: "awaiting_payment"` and the `payment` to open Checkout with: the new days are held until it is paid, then the rental moves. Otherwise the rental moves at once; what was paid online above the new total is refunded by the cancellation policy (`refund_paise`). With `quote_id`, a price other than the quote’s answers 409 with the new `quote`.',
        security: bearerAuth,
        params: rowIdParams,
        headers: idempotencyHeaders,
        body: dateChangeRequestSchema,
        response: {
          200: dateChangeSchema,
          ...errorResponses(400, 401, 404, 409, 415, 422, 429, 503),
          409: bookingConflictSchema,
        },
      },
    },
    async (request, reply) => {
      const account = currentAccount(request);
      const answer = await idempotentCall(
        app.db,
        app.engine,
        {
          userId: account.id,
          key: request.headers['idempotency-key'],
          request: ['change', request.params.id, request.body],
        },
        async () => change(account, Number(request.params.id), request.body),
      );
      if (answer.statusCode === 200) return answer.body;
      // A quote that no longer holds comes with the quote now; any other refusal, replayed, in the API's own error shape.
      if (answer.statusCode === 409 && 'quote' in answer.body) return reply.code(409).send(answer.body);
      throw new ApiError(answer.statusCode, messageOf(answer));
    },
  );
};

export default changeRoutes;
