import type { Invoice } from '@rentora/shared';
import { operatorCall, operatorDownload } from './operator-api';

const invoicePath = (rentalId: number) => `/api/rentals/${rentalId}/invoice`;

/** A completed rental's tax invoice, as issued. */
export const readInvoice = (rentalId: number) => operatorCall<Invoice>('GET', invoicePath(rentalId));

/** The invoice's PDF, saved as `invoice-RNT-2627-000001.pdf` (the server's own name for it). */
export const downloadInvoicePdf = (invoice: Pick<Invoice, 'number' | 'rental_id'>) =>
  operatorDownload(`${invoicePath(invoice.rental_id)}.pdf`, `invoice-${invoice.number.replaceAll('/', '-')}.pdf`);
