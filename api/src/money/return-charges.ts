import type { QuoteLine } from '@rentora/shared';
import { PAISE_PER_RUPEE } from './price-rental';

/** The prices of what a return may cost, fixed when the rental was booked, in whole rupees. */
export interface ReturnTerms {
  /** Kilometres included per rental day; 0 for no limit. */
  km_per_day: number;
  extra_km_price: number;
  late_fee_per_hour: number;
  refuel_fee: number;
}

/** What the desk recorded, and when the car was due. */
export interface ReturnFacts {
  days: number;
  pickUpOdometer: number | null;
  returnOdometer: number | null;
  /** Epoch ms: the end of the drop-off day in the business time zone. */
  dueAt: number;
  returnedAt: number;
  tankFull: boolean | null;
}

const HOUR_MS = 3_600_000;
/** A return this late after the drop-off day's end costs nothing. */
export const GRACE_MS = HOUR_MS;

export const CHARGE_LABELS = {
  extraKm: 'Extra kilometres',
  late: 'Late return (hours after the grace hour)',
  refuel: 'Refuelling',
} as const;

const charge = (label: string, quantity: number, rupees: number): QuoteLine => ({
  label,
  quantity,
  unit_paise: rupees * PAISE_PER_RUPEE,
  amount_paise: quantity * rupees * PAISE_PER_RUPEE,
});

/**
 * The charges at return (docs/decisions/0024-money.md), before tax: each kilometre beyond the
 * allowance (both odometer readings needed), each hour or part of one past the grace hour, and
 * the refuel fee when the tank was not full. A charge that comes to nothing is left out.
 */
export function returnCharges(terms: ReturnTerms, facts: ReturnFacts): QuoteLine[] {
  const charges: QuoteLine[] = [];
  const { pickUpOdometer, returnOdometer } = facts;
  if (terms.km_per_day > 0 && pickUpOdometer !== null && returnOdometer !== null) {
    const extra = returnOdometer - pickUpOdometer - terms.km_per_day * facts.days;
    if (extra > 0) charges.push(charge(CHARGE_LABELS.extraKm, extra, terms.extra_km_price));
  }
  const lateHours = Math.ceil((facts.returnedAt - facts.dueAt - GRACE_MS) / HOUR_MS);
  if (lateHours > 0) charges.push(charge(CHARGE_LABELS.late, lateHours, terms.late_fee_per_hour));
  if (facts.tankFull === false) charges.push(charge(CHARGE_LABELS.refuel, 1, terms.refuel_fee));
  return charges.filter((line) => line.amount_paise > 0);
}
