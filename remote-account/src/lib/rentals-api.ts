import type { CustomerRental, Invoice } from '@rentora/shared';
import { $token, apiUrl } from '@rentora/state';

/**
 * The signed-in customer's own money reads (docs/product.md §10): their rentals with ids and
 * invoices, and an invoice as data or PDF. Each needs the reader's token, which the shared
 * client's public reads do not send. Undefined when refused or unreachable.
 */
async function authorizedFetch(path: string): Promise<Response | undefined> {
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

/** Saves the invoice's PDF, named after its number; false when it could not be had. */
export async function downloadInvoicePdf(rentalId: number, invoiceNumber: string): Promise<boolean> {
  const response = await authorizedFetch(`${invoicePath(rentalId)}.pdf`);
  if (!response) return false;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `invoice-${invoiceNumber.replaceAll('/', '-')}.pdf`;
  link.click();
  // The click has handed the file to the browser's download by the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return true;
}
