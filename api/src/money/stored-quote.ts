import type { Quote } from '@rentora/shared';
import { CAR_DAYS_LABEL, type ChosenAddOn, PAISE_PER_RUPEE, type RentalPrice } from './price-rental';
import type { ReturnTerms } from './return-charges';
import type { TaxRule } from './tax';

/**
 * What a rental keeps of its quote, written once at booking and never changed (`rentals.quote`):
 * its price, and all that a later change of rules or settings must not alter — the add-ons as
 * chosen, the customer's GSTIN, the tax rule, and the prices of the charges at return.
 */
export interface StoredQuote extends RentalPrice {
  /** The quote the customer booked with; null when the booking sent none. */
  quote_id: string | null;
  add_ons: ChosenAddOn[];
  gstin: string | null;
  tax_rule: TaxRule;
  terms: ReturnTerms;
  /**
   * The pick-up day the cancellation policy is timed from, written by each change of dates: the
   * new pick-up when the change was made while cancelling was still free, else the earlier one, so
   * moving the rental cannot buy back a refund the policy no longer gives. Absent for a rental
   * never changed (its own pick-up counts).
   */
  policy_pick_up_date?: string;
  /**
   * What changes of dates kept by the cancellation policy: paid online, never refunded, and
   * neither the rental's total nor a deposit. Absent when nothing was kept.
   */
  kept_fee_paise?: number;
}

/** The pick-up day a cancellation (or a change that gives days up) is timed from: ISO dates compare as text. */
export const policyPickUpDate = (rental: { pick_up_date: string }, quote: StoredQuote): string =>
  quote.policy_pick_up_date !== undefined && quote.policy_pick_up_date < rental.pick_up_date
    ? quote.policy_pick_up_date
    : rental.pick_up_date;

/** A rental booked before quotes cost its days at its car's price, no tax, no deposit, no charges. */
function quoteBeforeMoney(days: number, totalRupees: number): StoredQuote {
  const amount = totalRupees * PAISE_PER_RUPEE;
  const rule: TaxRule = { basisPoints: 0, included: true, interState: false };
  return {
    quote_id: null,
    lines: [{ label: CAR_DAYS_LABEL, quantity: days, unit_paise: amount / days, amount_paise: amount }],
    discount_percent: 0,
    discount_paise: 0,
    taxable_paise: amount,
    tax: { rate: 0, included: true, cgst_paise: 0, sgst_paise: 0, igst_paise: 0 },
    total_paise: amount,
    deposit_paise: 0,
    add_ons: [],
    gstin: null,
    tax_rule: rule,
    terms: { km_per_day: 0, extra_km_price: 0, late_fee_per_hour: 0, refuel_fee: 0 },
  };
}

export const readStoredQuote = (rental: { quote: string | null; days: number; total_price: number }): StoredQuote =>
  rental.quote === null ? quoteBeforeMoney(rental.days, rental.total_price) : (JSON.parse(rental.quote) as StoredQuote);

/** The rupee total today's answers carry (`total_price`): the paise total, rounded to the rupee, half up. */
export const totalInRupees = (totalPaise: number) => Math.floor((totalPaise + PAISE_PER_RUPEE / 2) / PAISE_PER_RUPEE);

/** The quote as the API answers it. */
export const quoteAnswer = (id: string, expiresAt: number, price: RentalPrice): Quote => ({
  id,
  expires_at: new Date(expiresAt).toISOString(),
  lines: price.lines,
  discount_percent: price.discount_percent,
  discount_paise: price.discount_paise,
  taxable_paise: price.taxable_paise,
  tax: price.tax,
  total_paise: price.total_paise,
  deposit_paise: price.deposit_paise,
});
