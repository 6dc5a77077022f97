import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { addOnListSchema } from '@rentora/shared/schemas';
import { listOfferedAddOns } from '../../../repositories/add-ons';
import { errorResponses } from '../../schemas';

const addOns: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['rentals'],
        summary: 'The add-ons offered now, for a quote or a booking to choose from',
        response: { 200: addOnListSchema, ...errorResponses() },
      },
    },
    async () => listOfferedAddOns(app.db),
  );
};

export default addOns;
