import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import {
  DEFAULT_PER_PAGE,
  newVehicleSchema,
  operatorVehicleSchema,
  vehicleConflictSchema,
  vehicleListQuerySchema,
  vehicleListSchema,
  vehiclePatchSchema,
} from '@rentora/shared/operator';
import { sendRefund } from '../../../../services/payments/refunds';
import { currentAccount } from '../../../../plugins/app/auth';
import { listOperatorVehicles } from '../../../../repositories/operator-vehicles';
import { createVehicle, patchVehicle } from '../../../../services/fleet-operations';
import { bearerAuth, errorResponses, vehicleIdParams } from '../../../schemas';
import { fieldMessage } from '../field-message';
import blocks from './blocks';

const vehicles: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const context = {
    db: app.db,
    engine: app.engine,
    today: app.today,
    photoHosts: app.config.photoHosts,
    timeZone: app.config.businessTimeZone,
  };

  app.get(
    '',
    {
      config: { validationMessage: fieldMessage },
      schema: {
        tags: ['operator'],
        summary: 'Every car, drafts and retired ones too: filtered, sorted and paged',
        description: '`q` matches the name, brand, `_id` or plate; `location` a city, ignoring letter case.',
        security: bearerAuth,
        querystring: vehicleListQuerySchema,
        response: { 200: vehicleListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { status, location, q, sort = 'id', order = 'asc', page = '1', per_page: perPage } = request.query;
      const limit = Number(perPage ?? DEFAULT_PER_PAGE);
      return listOperatorVehicles(app.db, {
        status,
        location: location?.trim() || undefined,
        q: q?.trim() || undefined,
        sort,
        order,
        limit,
        offset: (Number(page) - 1) * limit,
      });
    },
  );

  app.post(
    '',
    {
      config: { validationMessage: fieldMessage },
      schema: {
        tags: ['operator'],
        summary: 'Add a car, as a draft or in service; its `_id` is made from its name',
        description:
          '`image_url` must be an https address on a photo host the site shows: images.pexels.com, and any the deployment adds (`PHOTO_HOSTS`); another answers 400. A PATCH checks a changed `image_url` alike.',
        security: bearerAuth,
        body: newVehicleSchema,
        response: { 201: operatorVehicleSchema, ...errorResponses(400, 401, 403, 409, 415) },
      },
    },
    async (request, reply) => {
      const vehicle = await createVehicle(context, currentAccount(request).email, request.body);
      // The fleet's own facts changed: this instance's next read must see them (other instances
      // learn of it through the change signal).
      app.fleet.invalidate();
      app.vehicleChanges.changed(vehicle._id);
      return reply.code(201).send(vehicle);
    },
  );

  app.patch(
    '/:vehicleId',
    {
      config: { validationMessage: fieldMessage },
      schema: {
        tags: ['operator'],
        summary: "Change a car's fields and/or move its status",
        description:
          'Moves: draft → in_service; in_service ↔ out_of_service; any → retired (final). Taking a car off the road with confirmed rentals ahead answers 409 naming them in `message` and listing them in `upcoming_rentals`, unless `cancel_upcoming` is true. Retiring a car out on a rental (picked up) answers 409 naming the rental and its return date. A body with no field or status to change (a `reason` alone) answers 400.',
        security: bearerAuth,
        params: vehicleIdParams,
        body: vehiclePatchSchema,
        response: {
          200: operatorVehicleSchema,
          ...errorResponses(400, 401, 403, 404, 409, 415),
          409: vehicleConflictSchema,
        },
      },
    },
    async (request) => {
      const { vehicle, refunds } = await patchVehicle(
        context,
        currentAccount(request).email,
        request.params.vehicleId,
        request.body,
      );
      if (app.payments !== undefined) for (const refund of refunds) await sendRefund(app.payments, refund);
      app.fleet.invalidate();
      app.vehicleChanges.changed(vehicle._id);
      return vehicle;
    },
  );

  await app.register(blocks, { prefix: '/:vehicleId/blocks' });
};

export default vehicles;
