import { formatPaise, type QuoteLine } from '@rentora/shared';
import styles from './money-lines.module.css';

export interface MoneyTotal {
  label: string;
  paise: number;
  /** `minus` prints the amount as taken off; `grand` is the line the figures add up to. */
  tone?: 'minus' | 'grand' | 'quiet';
}

export interface MoneyLinesProps {
  /** Names the table for screen readers: 'Quote', 'Charges at return'. */
  caption: string;
  lines: readonly QuoteLine[];
  totals: readonly MoneyTotal[];
}

/** `3 × ₹12.00` for a quantity above one; the unit price alone otherwise. */
const quantityText = (line: QuoteLine) =>
  line.quantity === 1 ? formatPaise(line.unit_paise) : `${line.quantity} × ${formatPaise(line.unit_paise)}`;

/**
 * Money as the server worked it out, line by line, then the totals under a rule: the quote's
 * preview, the charges at a return, the invoice. Nothing here adds anything up.
 */
export function MoneyLines({ caption, lines, totals }: MoneyLinesProps) {
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{caption}</caption>
      <thead className={styles.head}>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Quantity</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <tr key={`${line.label}-${index}`} className={styles.line}>
            <th scope="row" className={styles.label}>
              {line.label}
            </th>
            <td className={styles.quantity}>{quantityText(line)}</td>
            <td className={styles.amount}>{formatPaise(line.amount_paise)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {totals.map((total) => (
          <tr key={total.label} className={[styles.total, total.tone && styles[total.tone]].filter(Boolean).join(' ')}>
            <th scope="row" colSpan={2} className={styles.label}>
              {total.label}
            </th>
            <td className={styles.amount}>
              {total.tone === 'minus' ? `− ${formatPaise(total.paise)}` : formatPaise(total.paise)}
            </td>
          </tr>
        ))}
      </tfoot>
    </table>
  );
}

interface TaxSplit {
  rate: number;
  included: boolean;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
}

/** The tax's rows: IGST alone across states, else CGST and SGST, each at its share of the rate; none at 0%. */
export function taxTotals(tax: TaxSplit): MoneyTotal[] {
  if (tax.rate === 0) return [];
  const inside = tax.included ? ' (included)' : '';
  if (tax.igst_paise > 0) return [{ label: `IGST ${tax.rate}%${inside}`, paise: tax.igst_paise, tone: 'quiet' }];
  const half = tax.rate / 2;
  return [
    { label: `CGST ${half}%${inside}`, paise: tax.cgst_paise, tone: 'quiet' },
    { label: `SGST ${half}%${inside}`, paise: tax.sgst_paise, tone: 'quiet' },
  ];
}
