import type { CreditNote } from '@rentora/shared';
import { formatDisplayDate, formatPaise } from '@rentora/shared/format';
import { placeOfSupply, writeParties } from './invoice-pdf';
import { PdfPage } from './pdf-document';

/** A credit note as a one-page A4 PDF: the invoice it corrects, why, and what it takes off. */
export async function renderCreditNotePdf(note: CreditNote): Promise<Buffer> {
  const page = await PdfPage.open(`Credit note ${note.number}`);
  page.heading('Credit note', `Credit note ${note.number}`, note.date);
  writeParties(page, note);
  page.block('Against', [
    `Tax invoice ${note.invoice_number} of ${formatDisplayDate(note.invoice_date)}`,
    placeOfSupply(note),
    `SAC ${note.sac === '' ? 'not set' : note.sac}`,
  ]);
  page.block('Reason', [note.reason]);

  page.amount('Taxable value credited', formatPaise(note.taxable_paise));
  page.taxes(note.tax);
  page.amount('Total credited', formatPaise(note.total_paise), 'bold');
  return page.finish();
}
