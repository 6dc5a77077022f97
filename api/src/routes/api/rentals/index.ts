import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { customerRentalListSchema } from '@rentora/shared/schemas';
import { currentAccount } from '../../../plugins/app/auth';
import { listCustomerRentals } from '../../../repositories/customer-rentals';
import { bearerAuth, errorResponses } from '../../schemas';

const rentals: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['rentals'],
        summary: 'The signed-in customer’s rentals, oldest first, with what each costs and its invoice',
        security: bearerAuth,
        response: { 200: customerRentalListSchema, ...errorResponses(401) },
      },
    },
    async (request) => listCustomerRentals(app.db, currentAccount(request).id, app.today()),
  );
};

export default rentals;
