import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { MAX_LENGTH, closedObject, messageSchema, requestText } from '@rentora/shared/schemas';
import { currentAccount } from '../../../plugins/app/auth';
import { cancelRide } from '../../../services/booking';
import { bearerAuth, errorResponses } from '../../schemas';

const cancelRideRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.post(
    '/:carId',
    {
      preHandler: [app.authenticate, app.limitWrites],
      schema: {
        tags: ['rentals'],
        summary: "Cancel the caller's current rental of a car",
        description:
          'What was paid online is refunded by the cancellation policy (`GET /api/rentals/{id}/cancellation` says how much first); a fee kept gets its tax invoice. The message says what goes back and what is kept.',
        security: bearerAuth,
        params: closedObject({ carId: requestText(MAX_LENGTH.id) }, ['carId']),
        response: { 200: messageSchema, ...errorResponses(401, 404, 409, 429) },
      },
    },
    async (request) => {
      const answer = await cancelRide(
        {
          db: app.db,
          engine: app.engine,
          today: app.today,
          settings: () => app.businessSettings.current(),
          now: Date.now,
          timeZone: app.config.businessTimeZone,
          payments: app.payments,
        },
        currentAccount(request),
        request.params.carId,
      );
      app.vehicleChanges.changed(request.params.carId);
      return { message: answer.message };
    },
  );
};

export default cancelRideRoutes;
