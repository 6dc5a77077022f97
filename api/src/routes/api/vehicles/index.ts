import type { FastifyPluginAsync } from 'fastify';
import { vehicleNotFound } from '../../../errors';
import { sendEncodedJson } from '../../../http/encoded-json';
import { listBookedRanges } from '../../../repositories/vehicles';
import { dateRangeSchema, errorResponses, vehicleIdParams, vehicleSchema } from '../../schemas';

const vehicleDetailSchema = {
  ...vehicleSchema,
  required: [...vehicleSchema.required, 'booked'],
  properties: {
    ...vehicleSchema.properties,
    booked: {
      type: 'array',
      description: 'Dates taken by non-cancelled rentals that have not ended, pick-up..drop-off inclusive.',
      items: dateRangeSchema,
    },
  },
} as const;

const notModified = {
  description: 'The fleet is unchanged since the ETag sent in If-None-Match; no body.',
  type: 'null',
} as const;

/**
 * Both answers are written from JSON the fleet cache made once per fleet change (the list also
 * compressed), so no response serialiser runs here; the schemas still document them.
 */
const vehicles: FastifyPluginAsync = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'The whole fleet, by id',
        description: 'Compressed as Accept-Encoding allows (br, gzip), with an ETag; `304` for If-None-Match.',
        response: { 200: { type: 'array', items: vehicleSchema }, 304: notModified, ...errorResponses() },
      },
    },
    async (request, reply) => sendEncodedJson(request, reply, (await app.fleet.current()).list),
  );

  app.get<{ Params: { vehicleId: string } }>(
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
      // Read live on every request: a booking or a cancellation shows at once.
      const booked = await listBookedRanges(app.db, car.vehicle.id, app.today());
      return reply
        .type('application/json; charset=utf-8')
        .send(`${car.detailHead},"booked":${JSON.stringify(booked)}}`);
    },
  );
};

export default vehicles;
