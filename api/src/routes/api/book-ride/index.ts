import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { MESSAGES } from '@rentora/shared/rules';
import { bookingWithPaymentSchema } from '@rentora/shared/payments';
import { bookRideBodySchema, bookingConflictSchema, messageSchema } from '@rentora/shared/schemas';
import { currentAccount } from '../../../plugins/app/auth';
import { bookRide } from '../../../services/booking';
import { paymentToOpen } from '../../../services/payments/open-order';
import { bearerAuth, errorResponses, idempotencyHeaders, vehicleIdParams } from '../../schemas';

const bookRideRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.post(
    '/:vehicleId',
    {
      config: { validationMessage: MESSAGES.invalidBookingForm },
      preHandler: [app.authenticate, app.limitWrites],
      schema: {
        tags: ['rentals'],
        summary: 'Book a car for a date range',
        description:
          'Priced again by the server. With `quote_id`, a price other than the quote’s (or a quote expired, or made for other dates or extras) answers 409 with the new `quote`; without one the booking is quoted anew. The rental keeps its quote: later changes of rules never change its price.',
        security: bearerAuth,
        params: vehicleIdParams,
        headers: idempotencyHeaders,
        body: bookRideBodySchema,
        response: {
          201: {
            description:
              'Booked; with online payment on, held until paid: `rental_id` and the `payment` to open Checkout with.',
            anyOf: [bookingWithPaymentSchema, messageSchema],
          },
          ...errorResponses(400, 401, 404, 409, 415, 422, 429, 503),
          409: bookingConflictSchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = currentAccount(request);
      const { quote_id: quoteId, add_ons: addOns, gstin, ...fields } = request.body;
      const form = { ...fields, age: String(fields.age) };
      const answer = await bookRide(
        {
          db: app.db,
          engine: app.engine,
          today: app.today,
          seals: app.quoteSeals,
          now: Date.now,
          settings: () => app.businessSettings.current(),
          paymentsAvailable: app.payments !== undefined,
        },
        id,
        request.params.vehicleId,
        form,
        request.headers['idempotency-key'],
        { quote_id: quoteId, add_ons: addOns, gstin },
      );
      if (answer.statusCode === 201) app.vehicleChanges.changed(request.params.vehicleId);
      const { message, quote, awaiting } = answer;
      if (awaiting !== undefined && app.payments !== undefined) {
        const payment = await paymentToOpen(app.payments, awaiting.paymentId);
        return reply.code(201).send({ message, rental_id: awaiting.rentalId, payment });
      }
      return reply.code(answer.statusCode).send(quote === undefined ? { message } : { message, quote });
    },
  );
};

export default bookRideRoutes;
