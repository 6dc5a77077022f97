import type { FastifyPluginAsync } from 'fastify';
import { vehicleNotFound } from '../../../errors';
import type { VehicleSearch } from '@rentora/shared';
import { listBookedRanges, searchVehicleRows, toVehicle } from '../../../repositories/vehicles';
import { readVehicleSearch } from '../../../services/vehicle-search';
import { dateRangeSchema, errorResponses, vehicleIdParams, vehicleSchema, vehicleSearchQuery } from '../../schemas';

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
  app.get<{ Querystring: VehicleSearch }>(
    '',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'The fleet by id: all of it, or the cars in a city and/or free on a range of dates',
        querystring: vehicleSearchQuery,
        response: { 200: { type: 'array', items: vehicleSchema }, ...errorResponses(400) },
      },
      config: {
        validationMessage: 'Give each search parameter once and keep it short: a city, and dates as YYYY-MM-DD.',
      },
    },
    async (request, reply) => {
      const filter = readVehicleSearch(request.query, app.today());
      // Nothing asked: the cached bytes, exactly as before searches existed.
      if (filter === undefined) return reply.type('application/json; charset=utf-8').send(await app.fleet.listJson());
      return (await searchVehicleRows(app.db, filter)).map(toVehicle);
    },
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
