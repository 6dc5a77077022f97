import type { CreditNote, CreditNoteRequest, Invoice } from '@rentora/shared';
import { operatorCall, operatorDownload } from './operator-api';

const invoicePath = (rentalId: number) => `/api/rentals/${rentalId}/invoice`;

/** A completed rental's tax invoice, as issued. */
export const readInvoice = (rentalId: number) => operatorCall<Invoice>('GET', invoicePath(rentalId));

/** The invoice's PDF, saved as `invoice-RNT-2627-000001.pdf` (the server's own name for it). */
export const downloadInvoicePdf = (invoice: Pick<Invoice, 'number' | 'rental_id'>) =>
  operatorDownload(`${invoicePath(invoice.rental_id)}.pdf`, `invoice-${invoice.number.replaceAll('/', '-')}.pdf`);

/** A credit note against the rental's invoice (admins only); the server answers it as issued. */
export const issueCreditNote = (rentalId: number, request: CreditNoteRequest) =>
  operatorCall<CreditNote>('POST', `/api/operator/bookings/${rentalId}/credit-notes`, request);

/** A credit note's PDF, saved as `credit-note-CN-2627-000001.pdf`. */
export const downloadCreditNotePdf = (note: Pick<CreditNote, 'id' | 'number' | 'rental_id'>) =>
  operatorDownload(
    `/api/rentals/${note.rental_id}/credit-notes/${note.id}.pdf`,
    `credit-note-${note.number.replaceAll('/', '-')}.pdf`,
  );
