import { createRequire } from 'node:module';
import path from 'node:path';
import type { QuoteLine } from '@rentora/shared';
import { formatDisplayDate, formatPaise } from '@rentora/shared/format';
import type PDFKit from 'pdfkit';

/**
 * The documents' fonts `npm run fonts` cuts from Inter (shared/src/styles/fonts): text, bold, and
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

export const PAGE = { margin: 50, width: 595.28 } as const;
const RIGHT = PAGE.width - PAGE.margin;
const COLUMNS = { quantity: 340, unit: 420, amount: RIGHT } as const;
export const ROW = 16;

type Doc = InstanceType<typeof PDFKit>;
type Weight = 'text' | 'bold';

/** Text in runs: the rupee sign in the symbols cut, the rest in `weight`. */
const runsOf = (text: string, weight: Weight) =>
  text
    .split(/(₹)/)
    .filter((run) => run !== '')
    .map((run) => ({ run, font: run === RUPEE ? FONTS.symbols : FONTS[weight] }));

/** A one-page A4 document, written top to bottom: `y` is where the next line goes. */
export class PdfPage {
  y = 100;

  private constructor(
    private readonly doc: Doc,
    private readonly done: Promise<Buffer>,
  ) {}

  static async open(title: string): Promise<PdfPage> {
    // Loaded on the first document asked for, not at start: most processes never write one.
    const { default: PDFDocument } = await import('pdfkit');
    const doc = new PDFDocument({ size: 'A4', margin: PAGE.margin, font: FONTS.text, info: { Title: title } });
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });
    return new PdfPage(doc, done);
  }

  private widthOf(text: string, weight: Weight): number {
    return runsOf(text, weight).reduce((width, { run, font }) => width + this.doc.font(font).widthOfString(run), 0);
  }

  /** One line of text at (x, y), or ending at x when `right`. */
  write(text: string, x: number, y: number, options: { weight?: Weight; right?: boolean; size?: number } = {}): void {
    const weight = options.weight ?? 'text';
    this.doc.fontSize(options.size ?? 10);
    let at = options.right === true ? x - this.widthOf(text, weight) : x;
    for (const { run, font } of runsOf(text, weight)) {
      this.doc.font(font).text(run, at, y, { lineBreak: false });
      at += this.doc.widthOfString(run);
    }
  }

  /** The document's title, top left; its number and date, top right. */
  heading(title: string, number: string, date: string): void {
    this.write(title, PAGE.margin, 50, { weight: 'bold', size: 18 });
    this.write(number, RIGHT, 52, { weight: 'bold', right: true });
    this.write(`Date ${formatDisplayDate(date)}`, RIGHT, 52 + ROW, { right: true });
  }

  /**
   * A titled block of lines, empty lines left out; a line too long for the page (a long address)
   * wraps within the margins. The block's lines carry no ₹, so they need no run of another font.
   */
  block(title: string, lines: string[]): void {
    this.write(title, PAGE.margin, this.y, { weight: 'bold' });
    this.y += ROW;
    this.doc.font(FONTS.text).fontSize(10);
    const width = RIGHT - PAGE.margin;
    for (const text of lines.filter((line) => line !== '')) {
      this.doc.text(text, PAGE.margin, this.y, { width, lineGap: ROW - this.doc.currentLineHeight() });
      this.y += Math.max(ROW, this.doc.heightOfString(text, { width, lineGap: ROW - this.doc.currentLineHeight() }));
    }
    this.y += ROW * 0.5;
  }

  columnHeads(): void {
    this.write('Description', PAGE.margin, this.y, { weight: 'bold' });
    this.write('Qty', COLUMNS.quantity, this.y, { weight: 'bold', right: true });
    this.write('Unit', COLUMNS.unit, this.y, { weight: 'bold', right: true });
    this.write('Amount', COLUMNS.amount, this.y, { weight: 'bold', right: true });
  }

  line(line: QuoteLine): void {
    this.y += ROW;
    this.write(line.label, PAGE.margin, this.y);
    this.write(String(line.quantity), COLUMNS.quantity, this.y, { right: true });
    this.write(formatPaise(line.unit_paise), COLUMNS.unit, this.y, { right: true });
    this.write(formatPaise(line.amount_paise), COLUMNS.amount, this.y, { right: true });
  }

  /** A figure on the right, its label before it, on the next row. */
  amount(label: string, amount: string, weight: Weight = 'text'): void {
    this.y += ROW;
    this.write(label, COLUMNS.quantity - 60, this.y, { weight });
    this.write(amount, COLUMNS.amount, this.y, { weight, right: true });
  }

  /** The tax as the document split it: IGST, or CGST and SGST at half the rate each. */
  taxes(tax: { rate: number; included: boolean; cgst_paise: number; sgst_paise: number; igst_paise: number }): void {
    const how = tax.included ? 'included' : 'added';
    if (tax.igst_paise > 0) {
      this.amount(`IGST ${tax.rate}% (${how})`, formatPaise(tax.igst_paise));
    } else if (tax.rate > 0) {
      this.amount(`CGST ${tax.rate / 2}% (${how})`, formatPaise(tax.cgst_paise));
      this.amount(`SGST ${tax.rate / 2}% (${how})`, formatPaise(tax.sgst_paise));
    }
  }

  finish(): Promise<Buffer> {
    this.doc.end();
    return this.done;
  }
}
