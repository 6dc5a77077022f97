import type { CreditNote, CustomerRental, Invoice } from '@rentora/shared';
import { $token, apiUrl } from '@rentora/state';

/**
 * The signed-in customer's own money reads (docs/product.md §10): their rentals with ids and
 * invoices, and an invoice as data or PDF. Each needs the reader's token, which the shared
 * client's public reads do not send. Undefined when refused or unreachable.
 */
export async function authorizedFetch(path: string): Promise<Response | undefined> {
  const token = $token.get();
  if (!token) return undefined;
  try {
    const response = await fetch(apiUrl(path), { headers: { Authorization: `Bearer ${token}` } });
    return response.ok ? response : undefined;
  } catch {
    return undefined;
  }
}

const invoicePath = (rentalId: number | string) => `/api/rentals/${encodeURIComponent(rentalId)}/invoice`;

export async function fetchRentals(): Promise<CustomerRental[] | undefined> {
  return (await (await authorizedFetch('/api/rentals'))?.json()) as CustomerRental[] | undefined;
}

export async function fetchInvoice(rentalId: string): Promise<Invoice | undefined> {
  return (await (await authorizedFetch(invoicePath(rentalId)))?.json()) as Invoice | undefined;
}

/** Saves a PDF the server answers at `path` as `fileName`; false when it could not be had. */
async function downloadPdf(path: string, fileName: string): Promise<boolean> {
  const response = await authorizedFetch(path);
  if (!response) return false;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has handed the file to the browser's download by the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return true;
}

/** A document's number as a file name: `RNT/2627/000042` → `RNT-2627-000042`. */
const fileNameOf = (kind: string, number: string) => `${kind}-${number.replaceAll('/', '-')}.pdf`;

/** Saves the invoice's PDF, named after its number; false when it could not be had. */
export const downloadInvoicePdf = (rentalId: number, invoiceNumber: string) =>
  downloadPdf(`${invoicePath(rentalId)}.pdf`, fileNameOf('invoice', invoiceNumber));

/** Saves a credit note's PDF, named after its number; false when it could not be had. */
export const downloadCreditNotePdf = (note: Pick<CreditNote, 'id' | 'number' | 'rental_id'>) =>
  downloadPdf(
    `/api/rentals/${encodeURIComponent(note.rental_id)}/credit-notes/${encodeURIComponent(note.id)}.pdf`,
    fileNameOf('credit-note', note.number),
  );
