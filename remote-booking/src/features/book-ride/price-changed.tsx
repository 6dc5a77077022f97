import { Button, formatPrice, type Quote } from '@rentora/shared';
import { QuoteBreakdown } from './quote-breakdown';
import styles from './price-changed.module.css';

export interface PriceChangedProps {
  quote: Quote;
  onConfirm: (quote: Quote) => void;
}

/** A booking refused because its price changed: the new price in full, booked only when confirmed. */
export function PriceChanged({ quote, onConfirm }: PriceChangedProps) {
  return (
    <section className={styles.changed} aria-label="New price">
      <h3 className={styles.heading}>
        New total <span className={styles.total}>{formatPrice(quote.total_paise)}</span>
      </h3>
      <div className={styles.card}>
        <QuoteBreakdown quote={quote} />
      </div>
      <Button size="lg" onClick={() => onConfirm(quote)}>
        Book at {formatPrice(quote.total_paise)}
      </Button>
    </section>
  );
}
