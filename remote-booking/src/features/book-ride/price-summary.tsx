import { formatPrice, formatRupees, rentalDays, Skeleton, type Quote } from '@rentora/shared';
import { QuoteBreakdown } from './quote-breakdown';
import styles from './price-summary.module.css';

export interface PriceSummaryProps {
  pricePerDay: number;
  /** Both dates, valid and in order, or undefined while the range is incomplete. */
  range: { pick_up_date: string; drop_off_date: string } | undefined;
  /** The API's quote for what is chosen now, once it has come. */
  quote: Quote | undefined;
  /** A quote is on its way for what is chosen now. */
  pending: boolean;
  /**
   * The car's own price is all there is to this range (no date price, discount or add-on): until
   * the quote comes, days × the daily price says it already.
   */
  plain: boolean;
}

/**
 * The total of step 3 (docs/product.md §2, §10). A quote of the car's days alone at its daily
 * price, untaxed and with no deposit, reads as days × ₹/day, as it always has; any other quote
 * shows its lines, the discount, the tax, the total and the deposit.
 */
export function PriceSummary({ pricePerDay, range, quote, pending, plain }: PriceSummaryProps) {
  const days = range ? rentalDays(range.pick_up_date, range.drop_off_date) : undefined;
  const unitPaise = pricePerDay * 100;
  const simple = quote
    ? simpleQuote(quote, unitPaise)
    : plain && days !== undefined && { days, unitPaise, totalPaise: days * unitPaise };
  return (
    <section
      className={styles.summary}
      aria-label="Price summary"
      aria-live="polite"
      aria-busy={days !== undefined && pending}
    >
      {days === undefined ? (
        <p className={styles.hint}>{formatRupees(pricePerDay)}/day · choose your dates to see the total.</p>
      ) : simple ? (
        <>
          <p className={styles.calculation}>
            {simple.days} {simple.days === 1 ? 'day' : 'days'} × {formatPrice(simple.unitPaise)}/day
          </p>
          <p className={styles.total}>
            <span className={styles.totalLabel}>Total</span>
            <span className={styles.totalAmount}>{formatPrice(simple.totalPaise)}</span>
          </p>
        </>
      ) : quote ? (
        <QuoteBreakdown quote={quote} />
      ) : pending ? (
        <>
          <p className={styles.hint}>Working out your price…</p>
          <Skeleton height="2rem" width="10rem" />
        </>
      ) : (
        <p className={styles.hint}>The price could not be worked out just now: it will be checked when you book.</p>
      )}
    </section>
  );
}

/** The car's days at its own daily price and nothing else: today's two lines say it all. */
function simpleQuote(quote: Quote, carUnitPaise: number) {
  const [only, ...others] = quote.lines;
  const plain =
    only !== undefined &&
    others.length === 0 &&
    only.unit_paise === carUnitPaise &&
    quote.discount_paise === 0 &&
    quote.total_paise === only.amount_paise &&
    quote.tax.rate === 0 &&
    quote.deposit_paise === 0;
  return plain && { days: only.quantity, unitPaise: only.unit_paise, totalPaise: quote.total_paise };
}
