import type { AddOnPeriod, BookedRange, QuoteLine } from '@rentora/shared';
import { addDays, formatDisplayDate, rentalDays } from '@rentora/shared/format';
import { type DatePrice, type LengthDiscount, datePriceOn, lengthDiscountFor } from '@rentora/shared/rules';
import { shareOf } from './rounding';
import { type TaxRule, type Taxed, applyTax } from './tax';

/** A car's rules that set its price, in whole rupees. */
export interface CarPriceRules {
  price_per_day: number;
  date_prices: readonly DatePrice[];
  length_discounts: readonly LengthDiscount[];
  deposit: number;
}

/** An add-on as it was chosen: kept on the rental even once it is withdrawn or changed. */
export interface ChosenAddOn {
  id: number;
  label: string;
  /** Whole rupees. */
  price: number;
  per: AddOnPeriod;
}

/** A rental's price: the quote's figures, in integer paise. */
export interface RentalPrice extends Taxed {
  lines: QuoteLine[];
  discount_percent: number;
  discount_paise: number;
  deposit_paise: number;
}

export const PAISE_PER_RUPEE = 100;
export const CAR_DAYS_LABEL = 'Daily price';

const line = (label: string, quantity: number, rupees: number): QuoteLine => ({
  label,
  quantity,
  unit_paise: rupees * PAISE_PER_RUPEE,
  amount_paise: quantity * rupees * PAISE_PER_RUPEE,
});

interface Band {
  datePrice: DatePrice | undefined;
  first: string;
  last: string;
  days: number;
}

/** The rental's days grouped by the price that applies to them, in the order each first applies. */
function bandsOf(range: BookedRange, datePrices: readonly DatePrice[]): Band[] {
  const bands: Band[] = [];
  const days = rentalDays(range.pick_up_date, range.drop_off_date);
  for (let offset = 0; offset < days; offset += 1) {
    const day = addDays(range.pick_up_date, offset);
    const datePrice = datePriceOn(day, datePrices);
    const band = bands.find((candidate) => candidate.datePrice === datePrice);
    if (band === undefined) bands.push({ datePrice, first: day, last: day, days: 1 });
    else {
      band.last = day;
      band.days += 1;
    }
  }
  return bands;
}

function bandLine(band: Band, pricePerDay: number): QuoteLine {
  if (band.datePrice === undefined) return line(CAR_DAYS_LABEL, band.days, pricePerDay);
  const [first, last] = [formatDisplayDate(band.first), formatDisplayDate(band.last)];
  const when = band.first === band.last ? first : `${first} to ${last}`;
  return line(`${CAR_DAYS_LABEL}, ${when}`, band.days, band.datePrice.price_per_day);
}

/**
 * What a rental costs (docs/decisions/0024-money.md): a line per price band of the car's days,
 * then one per add-on (per day: times the days); the length discount reached comes off the car's
 * days; then the tax, by `tax`. The deposit stays apart from the total.
 */
export function priceRental(
  car: CarPriceRules,
  range: BookedRange,
  addOns: readonly ChosenAddOn[],
  tax: TaxRule,
): RentalPrice {
  const days = rentalDays(range.pick_up_date, range.drop_off_date);
  const carLines = bandsOf(range, car.date_prices).map((band) => bandLine(band, car.price_per_day));
  const addOnLines = addOns.map((addOn) => line(addOn.label, addOn.per === 'day' ? days : 1, addOn.price));
  const lines = [...carLines, ...addOnLines];
  const sum = (some: QuoteLine[]) => some.reduce((total, { amount_paise }) => total + amount_paise, 0);
  const percent = lengthDiscountFor(days, car.length_discounts)?.percent ?? 0;
  const discount = shareOf(sum(carLines), percent, 100);
  return {
    lines,
    discount_percent: percent,
    discount_paise: discount,
    ...applyTax(sum(lines) - discount, tax),
    deposit_paise: car.deposit * PAISE_PER_RUPEE,
  };
}
