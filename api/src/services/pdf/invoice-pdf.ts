import type { IssuedInvoice } from '@rentora/shared';
import { formatDisplayDate, formatPaise } from '@rentora/shared/format';
import { PAGE, PdfPage, ROW } from './pdf-document';

type Parties = Pick<IssuedInvoice, 'supplier' | 'buyer'>;

/** The supplier and the buyer, as an invoice and its credit notes print them. */
export function writeParties(page: PdfPage, { supplier, buyer }: Parties): void {
  page.block(supplier.name, [
    supplier.address,
    `GSTIN ${supplier.gstin ?? 'not registered'}`,
    supplier.state_code === '' ? '' : `State code ${supplier.state_code}`,
  ]);
  page.block('Billed to', [buyer.name, buyer.address, buyer.gstin === null ? '' : `GSTIN ${buyer.gstin}`]);
}

export const placeOfSupply = ({ place_of_supply: place }: Pick<IssuedInvoice, 'place_of_supply'>) =>
  `Place of supply: ${place.state_code === '' ? 'not set' : `${place.state_code} ${place.state}`}`;

/** The tax invoice, as issued, as a one-page A4 PDF, the ₹ drawn from an embedded font. */
export async function renderInvoicePdf(invoice: IssuedInvoice): Promise<Buffer> {
  const page = await PdfPage.open(`Tax invoice ${invoice.number}`);
  page.heading('Tax invoice', `Invoice ${invoice.number}`, invoice.date);
  writeParties(page, invoice);
  page.block('Supply', [
    `${invoice.car.car_name} (${invoice.car.license_plate}), ${formatDisplayDate(invoice.pick_up_date)} to ${formatDisplayDate(invoice.drop_off_date)}`,
    placeOfSupply(invoice),
    `SAC ${invoice.sac === '' ? 'not set' : invoice.sac} · Tax payable on reverse charge: No`,
  ]);

  page.columnHeads();
  for (const line of invoice.lines) page.line(line);
  if (invoice.discount_paise > 0) page.amount('Length discount', `-${formatPaise(invoice.discount_paise)}`);
  if (invoice.charges.length > 0) {
    page.write('Charges at return', PAGE.margin, (page.y += ROW * 1.5), { weight: 'bold' });
    for (const line of invoice.charges) page.line(line);
  }

  page.y += ROW;
  page.amount('Taxable value', formatPaise(invoice.taxable_paise));
  page.taxes(invoice.tax);
  page.amount('Total', formatPaise(invoice.total_paise), 'bold');

  page.y += ROW;
  page.amount('Deposit taken', formatPaise(invoice.deposit_paise));
  page.amount('Deposit refunded', formatPaise(invoice.refund_paise));
  if (invoice.due_paise > 0) page.amount('Still due', formatPaise(invoice.due_paise), 'bold');
  return page.finish();
}
