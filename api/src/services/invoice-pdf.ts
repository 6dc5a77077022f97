import { createRequire } from 'node:module';
import path from 'node:path';
import type { Invoice, QuoteLine } from '@rentora/shared';
import { formatDisplayDate, formatPaise } from '@rentora/shared/format';
import type PDFKit from 'pdfkit';

/**
 * The invoice fonts `npm run fonts` cuts from Inter (shared/src/styles/fonts): text, bold, and
 * the rupee sign, which the text cut lacks. Found by Node's own resolution of the shared package,
 * from this file or from the bundled API alike (a bundler leaves `createRequire` to run time).
 */
const sharedSchemas = createRequire(__filename).resolve('@rentora/shared/schemas');
const FONTS_DIR = path.join(path.dirname(sharedSchemas), 'styles', 'fonts');
const FONTS = {
  text: path.join(FONTS_DIR, 'invoice-inter-regular.ttf'),
  bold: path.join(FONTS_DIR, 'invoice-inter-bold.ttf'),
  symbols: path.join(FONTS_DIR, 'invoice-inter-symbols.ttf'),
} as const;
const RUPEE = '₹';

const PAGE = { margin: 50, width: 595.28 } as const;
const RIGHT = PAGE.width - PAGE.margin;
const COLUMNS = { quantity: 340, unit: 420, amount: RIGHT } as const;

type Doc = InstanceType<typeof PDFKit>;
type Weight = 'text' | 'bold';

/** Text in runs: the rupee sign in the symbols cut, the rest in `weight`. */
const runsOf = (text: string, weight: Weight) =>
  text
    .split(/(₹)/)
    .filter((run) => run !== '')
    .map((run) => ({ run, font: run === RUPEE ? FONTS.symbols : FONTS[weight] }));

function widthOf(doc: Doc, text: string, weight: Weight): number {
  return runsOf(text, weight).reduce((width, { run, font }) => width + doc.font(font).widthOfString(run), 0);
}

/** One line of text at (x, y), or ending at x when `right`. */
function write(doc: Doc, text: string, x: number, y: number, options: { weight?: Weight; right?: boolean } = {}) {
  const weight = options.weight ?? 'text';
  let at = options.right === true ? x - widthOf(doc, text, weight) : x;
  for (const { run, font } of runsOf(text, weight)) {
    doc.font(font).text(run, at, y, { lineBreak: false });
    at += doc.widthOfString(run);
  }
}

function lineRow(doc: Doc, line: QuoteLine, y: number): void {
  write(doc, line.label, PAGE.margin, y);
  write(doc, String(line.quantity), COLUMNS.quantity, y, { right: true });
  write(doc, formatPaise(line.unit_paise), COLUMNS.unit, y, { right: true });
  write(doc, formatPaise(line.amount_paise), COLUMNS.amount, y, { right: true });
}

function amountRow(doc: Doc, label: string, amount: string, y: number, weight: Weight = 'text'): void {
  write(doc, label, COLUMNS.quantity - 60, y, { weight });
  write(doc, amount, COLUMNS.amount, y, { weight, right: true });
}

const ROW = 16;

/** The tax invoice as a one-page A4 PDF, the ₹ drawn from an embedded font. */
export async function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  // Loaded on the first invoice asked for, not at start: most processes never write one.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    font: FONTS.text,
    info: { Title: `Tax invoice ${invoice.number}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { supplier, buyer, tax } = invoice;
  doc.fontSize(18);
  write(doc, 'Tax invoice', PAGE.margin, 50, { weight: 'bold' });
  doc.fontSize(10);
  write(doc, `Invoice ${invoice.number}`, RIGHT, 52, { weight: 'bold', right: true });
  write(doc, `Date ${formatDisplayDate(invoice.date)}`, RIGHT, 52 + ROW, { right: true });

  let y = 100;
  const block = (title: string, lines: string[]) => {
    write(doc, title, PAGE.margin, y, { weight: 'bold' });
    for (const text of lines.filter((line) => line !== '')) write(doc, text, PAGE.margin, (y += ROW));
    y += ROW * 1.5;
  };
  block(supplier.name, [
    supplier.address,
    `GSTIN ${supplier.gstin ?? 'not registered'}`,
    supplier.state_code === '' ? '' : `State code ${supplier.state_code}`,
  ]);
  block('Billed to', [buyer.name, buyer.address, buyer.gstin === null ? '' : `GSTIN ${buyer.gstin}`]);
  const place = invoice.place_of_supply;
  block('Supply', [
    `${invoice.car.car_name} (${invoice.car.license_plate}), ${formatDisplayDate(invoice.pick_up_date)} to ${formatDisplayDate(invoice.drop_off_date)}`,
    `Place of supply: ${place.state_code === '' ? 'not set' : `${place.state_code} ${place.state}`}`,
    `SAC ${invoice.sac === '' ? 'not set' : invoice.sac} · Tax payable on reverse charge: No`,
  ]);

  write(doc, 'Description', PAGE.margin, y, { weight: 'bold' });
  write(doc, 'Qty', COLUMNS.quantity, y, { weight: 'bold', right: true });
  write(doc, 'Unit', COLUMNS.unit, y, { weight: 'bold', right: true });
  write(doc, 'Amount', COLUMNS.amount, y, { weight: 'bold', right: true });
  for (const line of invoice.lines) lineRow(doc, line, (y += ROW));
  if (invoice.discount_paise > 0) {
    amountRow(doc, 'Length discount', `-${formatPaise(invoice.discount_paise)}`, (y += ROW));
  }
  if (invoice.charges.length > 0) {
    write(doc, 'Charges at return', PAGE.margin, (y += ROW * 1.5), { weight: 'bold' });
    for (const line of invoice.charges) lineRow(doc, line, (y += ROW));
  }

  y += ROW;
  amountRow(doc, 'Taxable value', formatPaise(invoice.taxable_paise), (y += ROW));
  const how = tax.included ? 'included' : 'added';
  if (tax.igst_paise > 0) {
    amountRow(doc, `IGST ${tax.rate}% (${how})`, formatPaise(tax.igst_paise), (y += ROW));
  } else if (tax.rate > 0) {
    amountRow(doc, `CGST ${tax.rate / 2}% (${how})`, formatPaise(tax.cgst_paise), (y += ROW));
    amountRow(doc, `SGST ${tax.rate / 2}% (${how})`, formatPaise(tax.sgst_paise), (y += ROW));
  }
  amountRow(doc, 'Total', formatPaise(invoice.total_paise), (y += ROW), 'bold');

  y += ROW;
  amountRow(doc, 'Deposit taken', formatPaise(invoice.deposit_paise), (y += ROW));
  amountRow(doc, 'Deposit refunded', formatPaise(invoice.refund_paise), (y += ROW));
  if (invoice.due_paise > 0) amountRow(doc, 'Still due', formatPaise(invoice.due_paise), (y += ROW), 'bold');

  doc.end();
  return done;
}
