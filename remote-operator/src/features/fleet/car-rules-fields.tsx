import type { ReactNode } from 'react';
import { Field, MAX_DISCOUNT_PERCENT } from '@rentora/shared';
import {
  MAX_LENGTH_DISCOUNTS,
  rowKey,
  type DatePriceDraft,
  type DiscountDraft,
  type RuleProblems,
  type RulesDraft,
} from './car-rules';
import styles from './car-rules-fields.module.css';

export interface CarRulesFieldsProps {
  rules: RulesDraft;
  problems: RuleProblems;
  onChange: (rules: RulesDraft) => void;
}

/** One removable row of a list of rules: a fieldset named for the row, its fields, and its remove button. */
function RuleRow({
  legend,
  removeLabel,
  onRemove,
  children,
}: {
  legend: string;
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <fieldset className={styles.row}>
      <legend className={styles.rowLegend}>{legend}</legend>
      <div className={styles.rowFields}>{children}</div>
      <button type="button" className={styles.remove} aria-label={removeLabel} onClick={onRemove}>
        Remove
      </button>
    </fieldset>
  );
}

/**
 * A car's pricing rules: date prices for seasons and festivals, up to three length-discount tiers,
 * the deposit and the kilometre allowance. Whole rupees, as the car's price per day.
 */
export function CarRulesFields({ rules, problems, onChange }: CarRulesFieldsProps) {
  const setDatePrice = (key: number, change: Partial<DatePriceDraft>) =>
    onChange({
      ...rules,
      date_prices: rules.date_prices.map((range) => (range.key === key ? { ...range, ...change } : range)),
    });
  const setTier = (key: number, change: Partial<DiscountDraft>) =>
    onChange({
      ...rules,
      length_discounts: rules.length_discounts.map((tier) => (tier.key === key ? { ...tier, ...change } : tier)),
    });
  const tiersFull = rules.length_discounts.length >= MAX_LENGTH_DISCOUNTS;

  return (
    <div className={styles.rules}>
      <div className={styles.group}>
        <div className={styles.groupHead}>
          <h3 className={styles.groupTitle}>Date prices</h3>
          <p className={styles.hint}>
            Seasons and festivals: each day in a range costs its own price. Ranges never overlap.
          </p>
        </div>
        {rules.date_prices.length === 0 && <p className={styles.empty}>Every day costs the price per day.</p>}
        {rules.date_prices.map((range, index) => (
          <RuleRow
            key={range.key}
            legend={`Date price ${index + 1}`}
            removeLabel={`Remove date price ${index + 1}`}
            onRemove={() =>
              onChange({ ...rules, date_prices: rules.date_prices.filter(({ key }) => key !== range.key) })
            }
          >
            <Field
              label="First day"
              type="date"
              required
              value={range.start_date}
              onChange={(event) => setDatePrice(range.key, { start_date: event.target.value })}
            />
            <Field
              label="Last day"
              type="date"
              required
              value={range.end_date}
              error={problems.datePrices.get(range.key)}
              onChange={(event) => setDatePrice(range.key, { end_date: event.target.value })}
            />
            <Field
              label="Daily price (₹)"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              required
              value={range.price_per_day}
              onChange={(event) => setDatePrice(range.key, { price_per_day: event.target.value })}
            />
          </RuleRow>
        ))}
        <button
          type="button"
          className={styles.add}
          onClick={() =>
            onChange({
              ...rules,
              date_prices: [...rules.date_prices, { key: rowKey(), start_date: '', end_date: '', price_per_day: '' }],
            })
          }
        >
          Add a date price
        </button>
      </div>

      <div className={styles.group}>
        <div className={styles.groupHead}>
          <h3 className={styles.groupTitle}>Length discounts</h3>
          <p className={styles.hint}>
            Up to {MAX_LENGTH_DISCOUNTS} tiers. The longest tier a rental reaches takes its percent off every day of it.
          </p>
        </div>
        {rules.length_discounts.length === 0 && <p className={styles.empty}>No discount for longer rentals.</p>}
        {rules.length_discounts.map((tier, index) => (
          <RuleRow
            key={tier.key}
            legend={`Discount tier ${index + 1}`}
            removeLabel={`Remove discount tier ${index + 1}`}
            onRemove={() =>
              onChange({ ...rules, length_discounts: rules.length_discounts.filter(({ key }) => key !== tier.key) })
            }
          >
            <Field
              label="From (days)"
              type="number"
              inputMode="numeric"
              min={2}
              step={1}
              required
              value={tier.min_days}
              onChange={(event) => setTier(tier.key, { min_days: event.target.value })}
            />
            <Field
              label="Percent off"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_DISCOUNT_PERCENT}
              step={1}
              required
              value={tier.percent}
              onChange={(event) => setTier(tier.key, { percent: event.target.value })}
            />
          </RuleRow>
        ))}
        {problems.discounts && (
          <p role="alert" className={styles.problem}>
            {problems.discounts}
          </p>
        )}
        <button
          type="button"
          className={styles.add}
          disabled={tiersFull}
          onClick={() =>
            onChange({
              ...rules,
              length_discounts: [...rules.length_discounts, { key: rowKey(), min_days: '', percent: '' }],
            })
          }
        >
          {tiersFull ? `${MAX_LENGTH_DISCOUNTS} tiers at most` : 'Add a discount tier'}
        </button>
      </div>

      <div className={styles.group}>
        <div className={styles.groupHead}>
          <h3 className={styles.groupTitle}>Deposit and kilometres</h3>
          <p className={styles.hint}>
            Taken at pick-up, refunded less the charges at return. 0 kilometres a day is no limit.
          </p>
        </div>
        <div className={styles.terms}>
          <Field
            label="Deposit (₹)"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={rules.deposit}
            onChange={(event) => onChange({ ...rules, deposit: event.target.value })}
          />
          <Field
            label="Kilometres per day"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={rules.km_per_day}
            onChange={(event) => onChange({ ...rules, km_per_day: event.target.value })}
          />
          <Field
            label="Extra km price (₹)"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={rules.extra_km_price}
            onChange={(event) => onChange({ ...rules, extra_km_price: event.target.value })}
          />
        </div>
      </div>
    </div>
  );
}
