import type { FastifyPluginAsync } from 'fastify';
import { currentAccount } from '../../../plugins/app/auth';
import { cancelRide } from '../../../services/booking';
import { MAX_LENGTH, bearerAuth, errorResponses, messageSchema, requestText } from '../../schemas';

const cancelRideRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: { carId: string } }>(
    '/:carId',
    {
      preHandler: [app.authenticate, app.limitWrites],
      schema: {
        tags: ['rentals'],
        summary: "Cancel the caller's current rental of a car",
        security: bearerAuth,
        params: { type: 'object', required: ['carId'], properties: { carId: requestText(MAX_LENGTH.id) } },
        response: { 200: messageSchema, ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => {
      const { id } = currentAccount(request);
      const answer = await cancelRide({ db: app.db, engine: app.engine, today: app.today }, id, request.params.carId);
      return { message: answer.message };
    },
  );
};

export default cancelRideRoutes;
