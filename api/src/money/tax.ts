import { shareOf } from './rounding';

/** How tax falls on a sale: its rate, whether prices include it, and whether it crosses a state line. */
export interface TaxRule {
  /** Hundredths of a percent: 1800 is 18%. */
  basisPoints: number;
  /** Prices are what the customer pays, the tax inside them (the default), or the tax comes on top. */
  included: boolean;
  /** A customer GSTIN of another state than the business's: IGST, else CGST + SGST. */
  interState: boolean;
}

export interface TaxSplit {
  /** Percent. */
  rate: number;
  included: boolean;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
}

export interface Taxed {
  taxable_paise: number;
  tax: TaxSplit;
  total_paise: number;
}

const BASIS = 10_000;

/**
 * Tax on `amount` paise (after any discount). The tax is one share of it, rounded once; CGST and
 * SGST are each half the rate, rounded once, so they are always equal. When prices include the
 * tax, the total is `amount` and the taxable value is what is left once the tax is taken out;
 * otherwise the taxable value is `amount` and the total adds the tax. Either way taxable + tax is
 * the total to the paisa.
 */
export function applyTax(amount: number, rule: TaxRule): Taxed {
  const { basisPoints, included, interState } = rule;
  // The rate's share of the taxable value, taken from the amount: r of 1 on top, r of (1 + r) inside.
  const base = included ? BASIS + basisPoints : BASIS;
  const igst = interState ? shareOf(amount, basisPoints, base) : 0;
  const half = interState ? 0 : shareOf(amount, basisPoints, 2 * base);
  const tax = igst + 2 * half;
  return {
    taxable_paise: included ? amount - tax : amount,
    tax: { rate: basisPoints / 100, included, cgst_paise: half, sgst_paise: half, igst_paise: igst },
    total_paise: included ? amount : amount + tax,
  };
}

/** Two taxed amounts under one rule, as one (an invoice's rental and its return charges). */
export function addTaxed(first: Taxed, second: Taxed): Taxed {
  return {
    taxable_paise: first.taxable_paise + second.taxable_paise,
    tax: {
      ...first.tax,
      cgst_paise: first.tax.cgst_paise + second.tax.cgst_paise,
      sgst_paise: first.tax.sgst_paise + second.tax.sgst_paise,
      igst_paise: first.tax.igst_paise + second.tax.igst_paise,
    },
    total_paise: first.total_paise + second.total_paise,
  };
}
