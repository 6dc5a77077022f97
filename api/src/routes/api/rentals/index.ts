import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { bookingPaymentSchema, cancellationQuoteSchema } from '@rentora/shared/payments';
import { closedObject, creditNoteSchema, customerRentalListSchema, invoiceSchema } from '@rentora/shared/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, NO_SUCH_RENTAL } from '../../../errors';
import { currentAccount } from '../../../plugins/app/auth';
import { findCreditNoteFor, findCreditNotePdf, keepCreditNotePdf } from '../../../repositories/credit-notes';
import { listCustomerRentals } from '../../../repositories/customer-rentals';
import { NO_INVOICE, readInvoiceFor, withCreditNotes } from '../../../services/invoices';
import { invoicePdf } from '../../../services/invoice-pdfs';
import { type KeptPdf, keptPdf } from '../../../services/kept-pdfs';
import { cancellationOutcome } from '../../../services/payments/cancellation';
import { openPaymentOf } from '../../../services/payments/open-order';
import { renderCreditNotePdf } from '../../../services/pdf/credit-note-pdf';
import { bearerAuth, errorResponses, rowId, rowIdParams } from '../../schemas';
import changeRoutes from './change';

export const NO_CREDIT_NOTE = 'There is no such credit note.';
export const notCancellable = (stage: string) =>
  `This rental can no longer be cancelled: it is ${stage.replace('_', ' ')}.`;

const creditNoteParams = closedObject({ id: rowId, note: rowId }, ['id', 'note']);
const pdfAnswer = {
  description: 'The document as a PDF (application/pdf), with a strong ETag: it never changes.',
  type: 'string',
  format: 'binary',
} as const;

/**
 * A kept PDF as a download named after its document, with an ETag (304 when the browser has it):
 * bytes the JSON serialiser never touches. `private`: only its customer and staff may read it.
 */
async function sendPdf(request: FastifyRequest, reply: FastifyReply, name: string, pdf: KeptPdf) {
  const bytes = await keptPdf(pdf);
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.code(304).send();
  return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}.pdf"`).send(bytes);
}

/** A document's number as a file name: `RNT/2627/000042` → `RNT-2627-000042`. */
const fileName = (kind: string, number: string) => `${kind}-${number.replaceAll('/', '-')}`;

const rentals: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  await app.register(changeRoutes);

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

  app.get(
    '/:id/invoice',
    {
      preHandler: app.authenticate,
      config: { validationMessage: NO_INVOICE },
      schema: {
        tags: ['rentals'],
        summary: 'A completed rental’s tax invoice with its credit notes (its customer or staff only)',
        security: bearerAuth,
        params: rowIdParams,
        response: { 200: invoiceSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      withCreditNotes(app.db, await readInvoiceFor(app.db, Number(request.params.id), currentAccount(request))),
  );

  app.get(
    '/:id/invoice.pdf',
    {
      preHandler: [app.authenticate, app.limitDocuments],
      config: { validationMessage: NO_INVOICE },
      schema: {
        tags: ['rentals'],
        summary: 'The same tax invoice, as issued, as a PDF download',
        security: bearerAuth,
        params: rowIdParams,
        produces: ['application/pdf'],
        response: { 200: pdfAnswer, 304: { type: 'null' }, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const invoice = await readInvoiceFor(app.db, Number(request.params.id), currentAccount(request));
      return sendPdf(request, reply, fileName('invoice', invoice.body.number), invoicePdf(app.db, invoice));
    },
  );

  app.get(
    '/:id/cancellation',
    {
      preHandler: app.authenticate,
      config: { validationMessage: NO_SUCH_RENTAL },
      schema: {
        tags: ['rentals'],
        summary: 'What cancelling the rental now would refund and keep, and by which rule (its customer or staff)',
        security: bearerAuth,
        params: rowIdParams,
        response: { 200: cancellationQuoteSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const reader = currentAccount(request);
      const rental = await app.db
        .selectFrom('rentals')
        .select(['id', 'user_id', 'stage'])
        .where('id', '=', Number(request.params.id))
        .executeTakeFirst();
      if (rental === undefined || (reader.role === 'customer' && rental.user_id !== reader.id)) {
        throw new ApiError(404, NO_SUCH_RENTAL);
      }
      if (rental.stage !== 'confirmed') throw new ApiError(409, notCancellable(rental.stage));
      const { cancellation_policy: policy } = await app.businessSettings.current();
      const { refund_paise, fee_paise, rule } = await cancellationOutcome(app.db, rental.id, policy, {
        now: Date.now(),
        timeZone: app.config.businessTimeZone,
      });
      return { refund_paise, fee_paise, rule };
    },
  );

  app.post(
    '/:id/payment',
    {
      preHandler: [app.authenticate, app.limitWrites],
      config: { validationMessage: NO_SUCH_RENTAL },
      schema: {
        tags: ['rentals', 'payments'],
        summary: 'The online payment a rental is waiting for, to open Checkout on again (its customer)',
        description:
          'A booking awaiting its payment, or a change of its dates held for one: the answer is what booking answered, and the payment is confirmed the same way (`POST /api/payments/{id}/verify`). 409 when nothing is waiting or its hold has ended; 503 when the gateway cannot take the order (the hold then ends).',
        security: bearerAuth,
        params: rowIdParams,
        response: { 200: bookingPaymentSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) =>
      openPaymentOf(app.db, app.payments, Number(request.params.id), currentAccount(request).id, Date.now()),
  );

  /** A rental's credit note, for its customer or staff; a 404 to anyone else, as when there is none. */
  const creditNoteOf = async (request: FastifyRequest, rentalId: string, noteId: string) => {
    const note = await findCreditNoteFor(app.db, Number(rentalId), Number(noteId), currentAccount(request));
    if (note === undefined) throw new ApiError(404, NO_CREDIT_NOTE);
    return note;
  };

  app.get(
    '/:id/credit-notes/:note',
    {
      preHandler: app.authenticate,
      config: { validationMessage: NO_CREDIT_NOTE },
      schema: {
        tags: ['rentals'],
        summary: 'One credit note against the rental’s invoice (its customer or staff only)',
        security: bearerAuth,
        params: creditNoteParams,
        response: { 200: creditNoteSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => creditNoteOf(request, request.params.id, request.params.note),
  );

  app.get(
    '/:id/credit-notes/:note.pdf',
    {
      preHandler: [app.authenticate, app.limitDocuments],
      config: { validationMessage: NO_CREDIT_NOTE },
      schema: {
        tags: ['rentals'],
        summary: 'The same credit note as a PDF download',
        security: bearerAuth,
        params: creditNoteParams,
        produces: ['application/pdf'],
        response: { 200: pdfAnswer, 304: { type: 'null' }, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const note = await creditNoteOf(request, request.params.id, request.params.note);
      return sendPdf(request, reply, fileName('credit-note', note.number), {
        key: note.number,
        read: () => findCreditNotePdf(app.db, note.id),
        render: () => renderCreditNotePdf(note),
        keep: (pdf) => keepCreditNotePdf(app.db, note.id, pdf),
      });
    },
  );
};

export default rentals;
