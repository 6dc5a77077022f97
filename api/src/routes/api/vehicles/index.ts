import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { vehicleDetailSchema, vehiclePricesSchema, vehicleSchema, vehicleSearchSchema } from '@rentora/shared/schemas';
import { vehicleNotFound } from '../../../errors';
import { carPricesOf } from '../../../money/car-rules';
import { findVehicle } from '../../../repositories/vehicles';
import { isPublic } from '../../../services/bookable';
import { sendEncodedJson, sendPublicJsonText } from '../../../http/encoded-json';
import { readVehicleSearch } from '../../../services/vehicle-search';
import { errorResponses, vehicleIdParams } from '../../schemas';

const notModified = {
  description: 'The fleet is unchanged since the ETag sent in If-None-Match; no body.',
  type: 'null',
} as const;

/**
 * The unfiltered list and the detail are written from JSON the fleet cache made once per fleet
 * change (the list also compressed); the detail's booked dates and a search's cars come as JSON
 * from the read caches. No response serialiser runs on these routes.
 */
/**
 * Every answer about the fleet names the time zone "today" is counted in (BUSINESS_TZ), so the
 * pages offer exactly the days the API accepts (docs/architecture.md §3).
 */
export const BUSINESS_TIME_ZONE_HEADER = 'business-time-zone';

const vehicles: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const zone = app.config.businessTimeZone;
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header(BUSINESS_TIME_ZONE_HEADER, zone);
    done();
  });

  app.get(
    '',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'The fleet by id: all of it, or the cars in a city and/or free on a range of dates',
        description:
          'Without parameters: the whole fleet, compressed as Accept-Encoding allows (br, gzip), with an ETag; `304` for If-None-Match.',
        querystring: vehicleSearchSchema,
        response: { 200: { type: 'array', items: vehicleSchema }, 304: notModified, ...errorResponses(400) },
      },
      config: {
        validationMessage: 'Give each search parameter once and keep it short: a city, and dates as YYYY-MM-DD.',
      },
    },
    async (request, reply) => {
      const today = app.today();
      const filter = readVehicleSearch(request.query, today);
      // Nothing asked: the cached bytes, exactly as before searches existed.
      if (filter === undefined) return sendEncodedJson(request, reply, (await app.fleet.current()).list);
      return sendPublicJsonText(reply, await app.reads.search(filter, today));
    },
  );

  app.get(
    '/:vehicleId',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'One car and the dates already booked',
        params: vehicleIdParams,
        response: { 200: vehicleDetailSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const car = (await app.fleet.current()).bySlug.get(request.params.vehicleId);
      if (car === undefined) throw vehicleNotFound();
      // Cached only until the database changes: a booking or a cancellation shows at once.
      const booked = await app.reads.bookedRanges(car.vehicle.id, app.today());
      return sendPublicJsonText(reply, `${car.detailHead},"booked":${booked}}`);
    },
  );

  app.get(
    '/:vehicleId/prices',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'A car’s pricing rules: its date prices and length discounts, deposit and km allowance',
        description: 'Whole rupees, as `price_per_day`: for the car page’s calendar (a day’s price) and discounts.',
        params: vehicleIdParams,
        response: { 200: vehiclePricesSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const vehicle = await findVehicle(app.db, request.params.vehicleId);
      if (vehicle === undefined || !isPublic(vehicle)) throw vehicleNotFound();
      return { price_per_day: vehicle.price_per_day, ...carPricesOf(vehicle) };
    },
  );
};

export default vehicles;
