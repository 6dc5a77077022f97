import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import {
  DEFAULT_PER_PAGE,
  bookingHistorySchema,
  bookingListQuerySchema,
  bookingListSchema,
  operatorBookingSchema,
  stageMoveSchema,
} from '@rentora/shared/operator';
import { closedObject } from '@rentora/shared/schemas';
import { currentAccount } from '../../../../plugins/app/auth';
import { listOperatorBookings, listStageChanges } from '../../../../repositories/operator-bookings';
import { findBooking, moveStage } from '../../../../services/stages';
import { bearerAuth, errorResponses } from '../../../schemas';
import { fieldMessage } from '../field-message';

const bookingParams = closedObject({ id: { type: 'string', pattern: '^[1-9][0-9]{0,9}$', maxLength: 10 } }, ['id']);

const bookings: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const context = {
    db: app.db,
    engine: app.engine,
    today: app.today,
    timeZone: app.config.businessTimeZone,
    now: Date.now,
  };

  app.get(
    '',
    {
      config: { validationMessage: fieldMessage },
      schema: {
        tags: ['operator'],
        summary: 'Rentals: filtered, sorted and paged by the database',
        description:
          '`from`/`to`: rentals with a day in that window; `pick_up_date`/`drop_off_date`: on that day; `drop_off_before` with `stage=picked_up`: overdue returns; `customer`: part of the email or name; `vehicle`: the car’s `_id`.',
        security: bearerAuth,
        querystring: bookingListQuerySchema,
        response: { 200: bookingListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { sort = 'pick_up_date', order = 'asc', page = '1', per_page: perPage, ...filters } = request.query;
      const limit = Number(perPage ?? DEFAULT_PER_PAGE);
      return listOperatorBookings(app.db, {
        ...filters,
        location: filters.location?.trim() || undefined,
        vehicle: filters.vehicle?.trim() || undefined,
        customer: filters.customer?.trim() || undefined,
        sort,
        order,
        limit,
        offset: (Number(page) - 1) * limit,
      });
    },
  );

  app.get(
    '/:id/history',
    {
      config: { validationMessage: fieldMessage },
      schema: {
        tags: ['operator'],
        summary: "Every move of a rental's stage, oldest first: from, to, when, who, why",
        security: bearerAuth,
        params: bookingParams,
        response: { 200: bookingHistorySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const booking = await findBooking(context, Number(request.params.id));
      return listStageChanges(app.db, booking.id);
    },
  );

  app.post(
    '/:id/stage',
    {
      config: { validationMessage: fieldMessage },
      schema: {
        tags: ['operator'],
        summary: 'Move a rental to its next stage',
        description:
          'confirmed → picked_up (from the pick-up day) → completed; confirmed → cancelled; confirmed → no_show (from the pick-up day). Anything else answers 409. At pick-up the desk may send `odometer` and the `deposit` taken; at return `odometer`, `returned_at` and `tank_full`, which price the charges at return. Completing issues the tax invoice (`GET /api/rentals/{id}/invoice`).',
        security: bearerAuth,
        params: bookingParams,
        body: stageMoveSchema,
        response: { 200: operatorBookingSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => {
      const { to, reason = '', ...details } = request.body;
      const booking = await moveStage(
        context,
        currentAccount(request).email,
        Number(request.params.id),
        to,
        reason.trim(),
        details,
      );
      // Every move, not only those that free the car's days: a renter's open Profile shows the stage.
      app.vehicleChanges.changed(booking.vehicle_id);
      return booking;
    },
  );
};

export default bookings;
