import type { FastifyPluginAsync } from 'fastify';
import { vehicleNotFound } from '../../../errors';
import { listBookedRanges, toVehicle } from '../../../repositories/vehicles';
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

const vehicles: FastifyPluginAsync = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'The whole fleet, by id',
        response: { 200: { type: 'array', items: vehicleSchema }, ...errorResponses() },
      },
    },
    async (_request, reply) => reply.type('application/json; charset=utf-8').send(await app.fleet.listJson()),
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
    async (request) => {
      const vehicle = await app.fleet.find(request.params.vehicleId);
      if (vehicle === undefined) throw vehicleNotFound();
      const booked = await listBookedRanges(app.db, vehicle.id, app.today());
      return { ...toVehicle(vehicle), booked };
    },
  );
};

export default vehicles;
