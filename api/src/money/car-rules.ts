import type { CarPrices } from '@rentora/shared';
import {
  type DatePrice,
  type LengthDiscount,
  checkDatePrice,
  checkLengthDiscounts,
  datePriceClashMessage,
  findDatePriceClash,
  sortDatePrices,
  sortLengthDiscounts,
} from '@rentora/shared/rules';
import type { VehicleRow } from '../db/schema';
import { ApiError } from '../errors';

/** What a car is quoted and booked by: its name, its price and its rules, as its row keeps them. */
export const PRICED_VEHICLE_COLUMNS = [
  'slug',
  'car_name',
  'price_per_day',
  'date_prices',
  'length_discounts',
  'deposit',
  'km_per_day',
  'extra_km_price',
] as const;

export type PricedVehicle = Pick<VehicleRow, (typeof PRICED_VEHICLE_COLUMNS)[number]>;

/** A car's pricing rules from its row: the two lists are kept as JSON, in order. */
export const carPricesOf = (row: PricedVehicle): CarPrices => ({
  date_prices: JSON.parse(row.date_prices) as DatePrice[],
  length_discounts: JSON.parse(row.length_discounts) as LengthDiscount[],
  deposit: row.deposit,
  km_per_day: row.km_per_day,
  extra_km_price: row.extra_km_price,
});

interface RuleLists {
  date_prices?: readonly DatePrice[];
  length_discounts?: readonly LengthDiscount[];
}

/**
 * Refuses rules that cannot stand (400), and date prices that share a day (409, naming both):
 * each day of a car has one price.
 */
export function checkCarRules({ date_prices: datePrices = [], length_discounts: tiers = [] }: RuleLists): void {
  for (const range of datePrices) {
    const wrong = checkDatePrice(range);
    if (wrong !== undefined) throw new ApiError(400, wrong);
  }
  const clash = findDatePriceClash(datePrices);
  if (clash !== undefined) throw new ApiError(409, datePriceClashMessage(...clash));
  const wrongTiers = checkLengthDiscounts(tiers);
  if (wrongTiers !== undefined) throw new ApiError(400, wrongTiers);
}

// Each item's fields in one order, so two lists alike are the same text.
const datePrice = ({ start_date, end_date, price_per_day }: DatePrice): DatePrice => ({
  start_date,
  end_date,
  price_per_day,
});
const tier = ({ min_days, percent }: LengthDiscount): LengthDiscount => ({ min_days, percent });

/** The lists as the row keeps them (JSON, in order); the other fields as they are. */
export function ruleColumns<Fields extends RuleLists>(
  fields: Fields,
): Omit<Fields, keyof RuleLists> & { date_prices?: string; length_discounts?: string } {
  const { date_prices: datePrices, length_discounts: tiers, ...rest } = fields;
  return {
    ...rest,
    ...(datePrices === undefined ? {} : { date_prices: JSON.stringify(sortDatePrices(datePrices).map(datePrice)) }),
    ...(tiers === undefined ? {} : { length_discounts: JSON.stringify(sortLengthDiscounts(tiers).map(tier)) }),
  };
}
