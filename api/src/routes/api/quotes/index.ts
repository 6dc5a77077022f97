import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { quoteRequestSchema, quoteSchema } from '@rentora/shared/schemas';
import { quoteRental } from '../../../services/quotes';
import { errorResponses } from '../../schemas';
import { fieldMessage } from '../operator/field-message';

const quotes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const context = { db: app.db, today: app.today, seals: app.quoteSeals, now: Date.now };

  app.post(
    '',
    {
      preHandler: app.limitQuotes,
      config: { validationMessage: fieldMessage },
      schema: {
        tags: ['rentals'],
        summary: 'What renting a car for a range costs, with add-ons and tax, in paise',
        description:
          'Anyone may ask; limited per address. The dates and the car are checked as a booking checks them (400, 404, 409). Send the `id` with the booking as `quote_id`: a price changed since answers 409 with the new quote.',
        body: quoteRequestSchema,
        response: { 200: quoteSchema, ...errorResponses(400, 404, 409, 415, 429) },
      },
    },
    async (request) => {
      const { vehicle_id: vehicleId, ...range } = request.body;
      return quoteRental(context, vehicleId, range);
    },
  );
};

export default quotes;
