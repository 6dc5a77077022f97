import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { MESSAGES } from '@rentora/shared/rules';
import { bookingRequestSchema, messageSchema } from '@rentora/shared/schemas';
import { currentAccount } from '../../../plugins/app/auth';
import { bookRide } from '../../../services/booking';
import { bearerAuth, errorResponses, vehicleIdParams } from '../../schemas';

const headersSchema = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'A retried request with the same key gets the first answer instead of booking twice.',
    },
  },
} as const;

const bookRideRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.post(
    '/:vehicleId',
    {
      config: { validationMessage: MESSAGES.invalidBookingForm },
      preHandler: [app.authenticate, app.limitWrites],
      schema: {
        tags: ['rentals'],
        summary: 'Book a car for a date range',
        security: bearerAuth,
        params: vehicleIdParams,
        headers: headersSchema,
        body: bookingRequestSchema,
        response: { 201: messageSchema, ...errorResponses(400, 401, 404, 409, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const { id } = currentAccount(request);
      const form = { ...request.body, age: String(request.body.age) };
      const answer = await bookRide(
        { db: app.db, engine: app.engine, today: app.today },
        id,
        request.params.vehicleId,
        form,
        request.headers['idempotency-key'],
      );
      if (answer.statusCode === 201) app.vehicleChanges.changed(request.params.vehicleId);
      return reply.code(answer.statusCode).send({ message: answer.message });
    },
  );
};

export default bookRideRoutes;
