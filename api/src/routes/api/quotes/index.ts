import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { VEHICLE_ID_PATTERN } from '@rentora/shared/rules';
import {
  MAX_STREAM_VEHICLES,
  quoteRequestSchema,
  quoteSchema,
  quoteTotalListSchema,
  quoteTotalsQuerySchema,
} from '@rentora/shared/schemas';
import { ApiError } from '../../../errors';
import { quoteRental, quoteTotals } from '../../../services/quotes';
import { errorResponses } from '../../schemas';
import { fieldMessage } from '../operator/field-message';

export const BAD_VEHICLE_LIST = `Give vehicles as at most ${MAX_STREAM_VEHICLES} car ids, comma-separated.`;

function vehicleList(raw: string): string[] {
  const ids = [...new Set(raw.split(',').map((id) => id.trim()))];
  if (ids.length > MAX_STREAM_VEHICLES || !ids.every((id) => VEHICLE_ID_PATTERN.test(id))) {
    throw new ApiError(400, BAD_VEHICLE_LIST);
  }
  return ids;
}

const quotes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const context = {
    db: app.db,
    today: app.today,
    seals: app.quoteSeals,
    now: Date.now,
    settings: () => app.businessSettings.current(),
  };

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

  app.get(
    '',
    {
      preHandler: app.limitQuotes,
      config: { validationMessage: fieldMessage },
      schema: {
        tags: ['rentals'],
        summary: 'The range’s total for each of several cars: a dated search’s cards',
        description:
          'No add-ons, no GSTIN; the order asked. Counts as one quote against the per-address limit. An unknown car answers 404.',
        querystring: quoteTotalsQuerySchema,
        response: { 200: quoteTotalListSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const { vehicles, ...range } = request.query;
      return quoteTotals(context, vehicleList(vehicles), range);
    },
  );
};

export default quotes;
