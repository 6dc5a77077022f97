import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { type PaymentsReport, paymentsQuerySchema, paymentsReportSchema } from '@rentora/shared/payments';
import { todayIn } from '@rentora/shared/format';
import { paymentsCsv } from '../../../../services/payments/payments-csv';
import { everyReportedPayment, paymentsReport } from '../../../../services/payments/report';
import { bearerAuth, errorResponses } from '../../../schemas';
import { fieldMessage } from '../field-message';

/** `GET /api/operator/payments`: the books across rentals, for staff (docs/product.md §11). */
const payments: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const context = { db: app.db, engine: app.engine, timeZone: app.config.businessTimeZone, now: Date.now };

  app.get(
    '',
    {
      config: { validationMessage: fieldMessage },
      schema: {
        tags: ['operator'],
        summary: 'Payments and refunds, with takings and refunds per day and method; `format=csv` exports them',
        description:
          '`from`/`to`: business days (the last 30 up to today when left out; at most 366). `status`, `method`: only those. JSON answers one page (`page`, `per_page` up to 100, newest first) and the sums of every payment kept; `format=csv` answers them all as a CSV download (text/csv), spreadsheet formulas defused.',
        security: bearerAuth,
        querystring: paymentsQuerySchema,
        produces: ['application/json', 'text/csv'],
        response: { 200: paymentsReportSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      if (request.query.format !== 'csv') return paymentsReport(context, request.query);
      const { from, to, items } = await everyReportedPayment(context, request.query);
      const csv = paymentsCsv(items, (at) => todayIn(context.timeZone, new Date(at)));
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="payments-${from}-to-${to}.csv"`)
          .header('cache-control', 'private, no-store')
          // A string with its own type is sent as it is: the JSON answer's schema serialises only JSON.
          .send(csv as unknown as PaymentsReport)
      );
    },
  );
};

export default payments;
