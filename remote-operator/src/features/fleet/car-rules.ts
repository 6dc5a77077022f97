import type { OperatorVehicle } from '@rentora/shared/operator';
import { checkDatePrice, checkLengthDiscounts, MAX_LENGTH_DISCOUNTS } from '@rentora/shared';

export { MAX_LENGTH_DISCOUNTS };

/** A date price as typed: its fields as the inputs hold them. */
export interface DatePriceDraft {
  key: number;
  start_date: string;
  end_date: string;
  price_per_day: string;
}

export interface DiscountDraft {
  key: number;
  min_days: string;
  percent: string;
}

/** A car's pricing rules as the form holds them (docs/decisions/0024-money.md). */
export interface RulesDraft {
  date_prices: DatePriceDraft[];
  length_discounts: DiscountDraft[];
  deposit: string;
  km_per_day: string;
  extra_km_price: string;
}

let nextKey = 1;
/** A row's React key: rows are added and removed, so their index is no name. */
export const rowKey = () => nextKey++;

export function rulesDraftOf(car: OperatorVehicle | undefined): RulesDraft {
  return {
    date_prices: (car?.date_prices ?? []).map((range) => ({
      key: rowKey(),
      start_date: range.start_date,
      end_date: range.end_date,
      price_per_day: String(range.price_per_day),
    })),
    length_discounts: (car?.length_discounts ?? []).map((tier) => ({
      key: rowKey(),
      min_days: String(tier.min_days),
      percent: String(tier.percent),
    })),
    deposit: String(car?.deposit ?? 0),
    km_per_day: String(car?.km_per_day ?? 0),
    extra_km_price: String(car?.extra_km_price ?? 0),
  };
}

/** The rules as the API takes them, whole numbers; an empty amount is none (0). */
export function rulesPayloadOf(draft: RulesDraft) {
  const whole = (value: string) => (value.trim() === '' ? 0 : Number(value));
  return {
    date_prices: draft.date_prices.map((range) => ({
      start_date: range.start_date,
      end_date: range.end_date,
      price_per_day: Number(range.price_per_day),
    })),
    length_discounts: draft.length_discounts.map((tier) => ({
      min_days: Number(tier.min_days),
      percent: Number(tier.percent),
    })),
    deposit: whole(draft.deposit),
    km_per_day: whole(draft.km_per_day),
    extra_km_price: whole(draft.extra_km_price),
  };
}

/** What is wrong with the rules before they are sent: a message per date price row (by key), and for the tiers. */
export interface RuleProblems {
  datePrices: Map<number, string>;
  discounts: string | undefined;
}

export function ruleProblemsOf(draft: RulesDraft): RuleProblems {
  const datePrices = new Map<number, string>();
  for (const range of draft.date_prices) {
    if (range.start_date === '' || range.end_date === '') continue; // `required` asks for them.
    const problem = checkDatePrice({ ...range, price_per_day: Number(range.price_per_day) });
    if (problem !== undefined) datePrices.set(range.key, problem);
  }
  const typed = draft.length_discounts.filter((tier) => tier.min_days !== '');
  const discounts = checkLengthDiscounts(
    typed.map((tier) => ({ min_days: Number(tier.min_days), percent: Number(tier.percent) })),
  );
  return { datePrices, discounts };
}

export const hasRuleProblems = (problems: RuleProblems) =>
  problems.datePrices.size > 0 || problems.discounts !== undefined;

/** True when the rules as typed are the car's rules as saved: only then is a preview quote theirs. */
export const sameRules = (draft: RulesDraft, car: OperatorVehicle) =>
  JSON.stringify(rulesPayloadOf(draft)) ===
  JSON.stringify({
    date_prices: car.date_prices,
    length_discounts: car.length_discounts,
    deposit: car.deposit,
    km_per_day: car.km_per_day,
    extra_km_price: car.extra_km_price,
  });
