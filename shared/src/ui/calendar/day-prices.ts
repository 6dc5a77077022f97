import { formatRupees } from '../../format/money';
import { datePriceOn, priceOn } from '../../rules/car-prices';
import type { VehiclePrices } from '../../types';
import type { DayPrice } from './calendar';

/** A car's day prices as its calendars show them, from today on: its date price, or its own. */
export function dayPriceOf(prices: VehiclePrices, today: string) {
  return (day: string): DayPrice | undefined =>
    day < today
      ? undefined
      : {
          text: `${formatRupees(priceOn(day, prices.price_per_day, prices.date_prices))}/day`,
          special: datePriceOn(day, prices.date_prices) !== undefined,
        };
}
