import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type StoredInvoice, findInvoiceFor, findInvoicePdf, keepInvoicePdf } from '../repositories/invoices';
import { type KeptPdf, keptPdf } from './kept-pdfs';
import { renderInvoicePdf } from './pdf/invoice-pdf';

/** An issued invoice's PDF, rendered once and kept (docs/decisions/0030-credit-notes.md). */
export const invoicePdf = (db: Kysely<Database>, invoice: StoredInvoice): KeptPdf => ({
  key: invoice.body.number,
  read: () => findInvoicePdf(db, invoice.id),
  render: () => renderInvoicePdf(invoice.body),
  keep: (pdf) => keepInvoicePdf(db, invoice.id, pdf),
});

/**
 * Renders and keeps the PDF of a rental's invoice just issued, after its answer: rendering holds
 * the event loop for tens of milliseconds, which the first burst of requests for it (a customer
 * opening it, a script asking hundreds of times) would otherwise wait for, every page with them.
 * A failure only leaves the rendering to the first request, as before.
 */
export async function renderIssuedInvoice(db: Kysely<Database>, rentalId: number): Promise<void> {
  const invoice = await findInvoiceFor(db, rentalId, { id: 0, role: 'admin' });
  if (invoice !== undefined) await keptPdf(invoicePdf(db, invoice));
}
