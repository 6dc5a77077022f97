import { useId, useState } from 'react';
import { addDays, Button, Field, type Quote } from '@rentora/shared';
import { useBusinessToday } from '@rentora/state';
import { MoneyLines, taxTotals, type MoneyTotal } from '../../lib/money-lines';
import { operatorCall } from '../../lib/operator-api';
import styles from './quote-preview.module.css';

export interface QuotePreviewProps {
  vehicleId: string;
  /** False while the form holds rules not yet saved: a quote prices with the saved ones. */
  rulesSaved: boolean;
}

/** The quote's figures as the wizard will show them, under its lines. */
function quoteTotals(quote: Quote): MoneyTotal[] {
  return [
    ...(quote.discount_paise > 0
      ? [{ label: `Length discount (${quote.discount_percent}%)`, paise: quote.discount_paise, tone: 'minus' as const }]
      : []),
    ...(quote.tax.rate > 0 ? [{ label: 'Taxable value', paise: quote.taxable_paise, tone: 'quiet' as const }] : []),
    ...taxTotals(quote.tax),
    { label: 'Total', paise: quote.total_paise, tone: 'grand' },
    ...(quote.deposit_paise > 0
      ? [{ label: 'Deposit, refundable, paid at pick-up', paise: quote.deposit_paise, tone: 'quiet' as const }]
      : []),
  ];
}

/**
 * A quote for sample dates, asked of the server (`POST /api/quotes`) exactly as a customer's
 * wizard asks it, without add-ons: the car's saved rules and the tax settings.
 */
export function QuotePreview({ vehicleId, rulesSaved }: QuotePreviewProps) {
  const titleId = useId();
  const today = useBusinessToday();
  const [pickUp, setPickUp] = useState(() => addDays(today, 14));
  const [dropOff, setDropOff] = useState(() => addDays(today, 20));
  const [quote, setQuote] = useState<Quote>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function preview() {
    setBusy(true);
    setProblem(undefined);
    try {
      setQuote(
        await operatorCall<Quote>('POST', '/api/quotes', {
          vehicle_id: vehicleId,
          pick_up_date: pickUp,
          drop_off_date: dropOff,
        }),
      );
    } catch (error) {
      setQuote(undefined);
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.preview} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h3 id={titleId} className={styles.title}>
          Preview a quote
        </h3>
        <p className={styles.hint}>
          {rulesSaved
            ? 'What a customer pays for these dates, priced by the server with the rules as saved.'
            : 'Priced with the rules as saved: save your changes to see them in a quote.'}
        </p>
      </div>
      <div className={styles.dates}>
        <Field label="Sample pick-up" type="date" value={pickUp} onChange={(event) => setPickUp(event.target.value)} />
        <Field
          label="Sample drop-off"
          type="date"
          value={dropOff}
          onChange={(event) => setDropOff(event.target.value)}
        />
        <Button variant="secondary" busy={busy} onClick={() => void preview()}>
          Preview quote
        </Button>
      </div>
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
      {quote && (
        <div className={styles.receipt} aria-live="polite">
          <MoneyLines caption="Sample quote" lines={quote.lines} totals={quoteTotals(quote)} />
        </div>
      )}
    </section>
  );
}
