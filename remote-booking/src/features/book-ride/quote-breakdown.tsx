import { formatPrice, type Quote, type QuoteLine } from '@rentora/shared';
import styles from './quote-breakdown.module.css';

/** What the API's quote lists, as the customer reads it: its lines, discount, tax, total and deposit. */
export function QuoteBreakdown({ quote }: { quote: Quote }) {
  const { tax } = quote;
  const taxPaise = tax.cgst_paise + tax.sgst_paise + tax.igst_paise;
  return (
    <div className={styles.breakdown}>
      <table className={styles.lines}>
        <caption className="visually-hidden">Price breakdown</caption>
        <tbody>
          {quote.lines.map((line, index) => (
            <tr key={index}>
              <th scope="row" className={styles.label}>
                {line.label}
                {quantityText(line) && <span className={styles.detail}>{quantityText(line)}</span>}
              </th>
              <td className={styles.amount}>{formatPrice(line.amount_paise)}</td>
            </tr>
          ))}
          {quote.discount_paise > 0 && (
            <tr className={styles.discount}>
              <th scope="row" className={styles.label}>
                Length discount, {quote.discount_percent}% off the car’s days
              </th>
              <td className={styles.amount}>−{formatPrice(quote.discount_paise)}</td>
            </tr>
          )}
          {taxPaise > 0 && !tax.included && (
            <tr>
              <th scope="row" className={styles.label}>
                {taxLabel(quote)}
              </th>
              <td className={styles.amount}>{formatPrice(taxPaise)}</td>
            </tr>
          )}
        </tbody>
      </table>
      <p className={styles.total}>
        <span className={styles.totalLabel}>Total</span>
        <span className={styles.totalAmount}>{formatPrice(quote.total_paise)}</span>
      </p>
      {taxPaise > 0 && tax.included && (
        <p className={styles.note}>
          Includes {formatPrice(taxPaise)} {taxLabel(quote)}
        </p>
      )}
      {quote.deposit_paise > 0 && (
        <p className={styles.deposit}>
          <span>Deposit {formatPrice(quote.deposit_paise)}</span>
          <span className={styles.depositTerms}>refundable, paid at pick-up</span>
        </p>
      )}
    </div>
  );
}

/** Days × a day's price, for a line of several days; nothing for a one-off or a single day. */
const quantityText = (line: QuoteLine) =>
  line.quantity > 1 ? `${line.quantity} days × ${formatPrice(line.unit_paise)}` : undefined;

/** 'GST 18% (CGST 9% + SGST 9%)', or IGST for a business of another state. */
function taxLabel({ tax }: Quote): string {
  if (tax.igst_paise > 0) return `IGST ${tax.rate}%`;
  return `GST ${tax.rate}% (CGST ${tax.rate / 2}% + SGST ${tax.rate / 2}%)`;
}
