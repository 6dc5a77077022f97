import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { closedObject, customerRentalListSchema, invoiceSchema } from '@rentora/shared/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../../errors';
import { currentAccount } from '../../../plugins/app/auth';
import { listCustomerRentals } from '../../../repositories/customer-rentals';
import { findInvoiceFor } from '../../../repositories/invoices';
import { renderInvoicePdf } from '../../../services/invoice-pdf';
import { bearerAuth, errorResponses } from '../../schemas';

export const NO_INVOICE = 'There is no such invoice.';

const rentalParams = closedObject({ id: { type: 'string', pattern: '^[1-9][0-9]{0,9}$', maxLength: 10 } }, ['id']);
const pdfAnswer = {
  description: 'The tax invoice as a PDF (application/pdf).',
  type: 'string',
  format: 'binary',
} as const;

/** A PDF as a download named after its invoice; bytes the JSON serialiser never touches. */
const sendPdf = (reply: FastifyReply, number: string, pdf: Buffer) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="invoice-${number.replaceAll('/', '-')}.pdf"`)
    .send(pdf);

const rentals: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['rentals'],
        summary: 'The signed-in customer’s rentals, oldest first, with what each costs and its invoice',
        security: bearerAuth,
        response: { 200: customerRentalListSchema, ...errorResponses(401) },
      },
    },
    async (request) => listCustomerRentals(app.db, currentAccount(request).id, app.today()),
  );

  /** The rental's invoice, for its customer or staff; a 404 to anyone else, as when there is none. */
  const invoiceOf = async (request: FastifyRequest, id: string) => {
    const invoice = await findInvoiceFor(app.db, Number(id), currentAccount(request));
    if (invoice === undefined) throw new ApiError(404, NO_INVOICE);
    return invoice;
  };

  app.get(
    '/:id/invoice',
    {
      preHandler: app.authenticate,
      config: { validationMessage: NO_INVOICE },
      schema: {
        tags: ['rentals'],
        summary: 'A completed rental’s tax invoice (its customer or staff only)',
        security: bearerAuth,
        params: rentalParams,
        response: { 200: invoiceSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => invoiceOf(request, request.params.id),
  );

  app.get(
    '/:id/invoice.pdf',
    {
      preHandler: app.authenticate,
      config: { validationMessage: NO_INVOICE },
      schema: {
        tags: ['rentals'],
        summary: 'The same tax invoice as a PDF download',
        security: bearerAuth,
        params: rentalParams,
        produces: ['application/pdf'],
        response: { 200: pdfAnswer, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const invoice = await invoiceOf(request, request.params.id);
      return sendPdf(reply, invoice.number, await renderInvoicePdf(invoice));
    },
  );
};

export default rentals;
