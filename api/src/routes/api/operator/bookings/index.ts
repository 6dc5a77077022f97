import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import {
  DEFAULT_PER_PAGE,
  bookingHistorySchema,
  bookingListQuerySchema,
  bookingListSchema,
  operatorBookingSchema,
  stageMoveSchema,
} from '@rentora/shared/operator';
import { deskPaymentSchema } from '@rentora/shared/payments';
import { creditNoteRequestSchema, creditNoteSchema } from '@rentora/shared/schemas';
import { currentAccount } from '../../../../plugins/app/auth';
import { listOperatorBookings, listStageChanges, withBooks } from '../../../../repositories/operator-bookings';
import { issueCreditNote } from '../../../../services/credit-notes';
import { renderIssuedInvoice } from '../../../../services/invoice-pdfs';
import { recordDeskPayment } from '../../../../services/payments/desk';
import { sendRefund } from '../../../../services/payments/refunds';
import { findBooking, moveStage, refundPercentOf } from '../../../../services/stages';
import { bearerAuth, errorResponses, idempotencyHeaders, rowIdParams } from '../../../schemas';
import { fieldMessage } from '../field-message';

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
        params: rowIdParams,
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
        params: rowIdParams,
        body: stageMoveSchema,
        response: { 200: operatorBookingSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => {
      const { to, reason = '', refund_percent: asked, ...details } = request.body;
      const actor = currentAccount(request);
      const percent = refundPercentOf(to, asked, actor, reason.trim());
      const { booking, refunds } = await moveStage(
        context,
        actor.email,
        Number(request.params.id),
        to,
        reason.trim(),
        details,
        percent,
      );
      if (app.payments !== undefined) for (const refund of refunds) await sendRefund(app.payments, refund);
      // Every move, not only those that free the car's days: a renter's open Profile shows the stage.
      app.vehicleChanges.changed(booking.vehicle_id);
      if (to === 'completed')
        void renderIssuedInvoice(app.db, booking.id).catch((error: unknown) =>
          request.log.warn({ err: error }, 'The invoice’s PDF was not rendered ahead; its first request will.'),
        );
      const [answer] = await withBooks(app.db, [booking]);
      return answer;
    },
  );

  app.post(
    '/:id/payments',
    {
      config: { validationMessage: fieldMessage },
      schema: {
        tags: ['operator'],
        summary: 'Record a payment taken or a refund given at the desk (refunds: admins only)',
        description:
          '`kind`: `charge` (money taken) or `refund` (money given back); `method`: cash, upi or card; `reference`: the receipt, UPI or card slip. Staff record payments; only admins record refunds (403), never more than is paid and not already being refunded (409). A rental awaiting its online payment takes no desk payment until its hold ends (409). With an `Idempotency-Key`, a retried request records nothing more and answers as the first time. Audited; answers the rental with its books.',
        security: bearerAuth,
        params: rowIdParams,
        headers: idempotencyHeaders,
        body: deskPaymentSchema,
        response: { 201: operatorBookingSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) },
      },
    },
    async (request, reply) => {
      const account = currentAccount(request);
      const key = request.headers['idempotency-key'];
      // A desk retrying after a lost answer records the money once.
      const once =
        key === undefined
          ? undefined
          : { userId: account.id, key, request: ['desk-payment', request.params.id, request.body] };
      const booking = await recordDeskPayment(context, account, Number(request.params.id), request.body, once);
      return reply.code(201).send(booking);
    },
  );

  app.post(
    '/:id/credit-notes',
    {
      onRequest: app.requireAdmin,
      config: { validationMessage: fieldMessage },
      schema: {
        tags: ['operator'],
        summary: 'Credit a completed rental’s invoice, in full or in part (admins only)',
        description:
          'Leave `amount_paise` out to credit all that is left of the invoice. The credit note has its own serial per financial year, refers to the invoice, and splits its tax as the invoice did; together they never take more than the invoice’s total (409). Read them in `GET /api/rentals/{id}/invoice`.',
        security: bearerAuth,
        params: rowIdParams,
        body: creditNoteRequestSchema,
        response: { 201: creditNoteSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request, reply) => {
      const note = await issueCreditNote(
        context,
        currentAccount(request).email,
        Number(request.params.id),
        request.body,
      );
      return reply.code(201).send(note);
    },
  );
};

export default bookings;
