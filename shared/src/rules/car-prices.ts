import { formatDisplayDate, rentalDays } from '../format/dates';
import { isIsoDate } from './date-range';

/** Days with a daily price of their own (a season, a festival), both ends counted, in whole rupees. */
export interface DatePrice {
  start_date: string;
  end_date: string;
  price_per_day: number;
}

/** From `min_days` days on, `percent` off the car's days. */
export interface LengthDiscount {
  min_days: number;
  percent: number;
}

export const MAX_DATE_PRICES = 50;
/** A date price lasts at most a year, both ends counted. */
export const MAX_DATE_PRICE_DAYS = 366;
export const MAX_LENGTH_DISCOUNTS = 3;
export const MAX_DISCOUNT_PERCENT = 90;

export const CAR_PRICE_MESSAGES = {
  realDates: 'Give each date price start_date and end_date as real dates written YYYY-MM-DD.',
  endBeforeStart: 'A date price must end on or after its first day.',
  tooLong: `A date price can last at most ${MAX_DATE_PRICE_DAYS} days.`,
  sameTier: 'Give each length discount its own min_days.',
} as const;

const span = (range: DatePrice) => `${formatDisplayDate(range.start_date)} to ${formatDisplayDate(range.end_date)}`;

/** The 409 of a car whose date prices overlap, naming both. */
export const datePriceClashMessage = (first: DatePrice, second: DatePrice) =>
  `The date prices from ${span(first)} and from ${span(second)} overlap: give each day one price.`;

/** Why one date price's dates are wrong, or undefined. */
export function checkDatePrice(range: DatePrice): string | undefined {
  if (!isIsoDate(range.start_date) || !isIsoDate(range.end_date)) return CAR_PRICE_MESSAGES.realDates;
  if (range.end_date < range.start_date) return CAR_PRICE_MESSAGES.endBeforeStart;
  if (rentalDays(range.start_date, range.end_date) > MAX_DATE_PRICE_DAYS) return CAR_PRICE_MESSAGES.tooLong;
  return undefined;
}

/** Date prices in date order. */
export const sortDatePrices = <Range extends DatePrice>(prices: readonly Range[]): Range[] =>
  [...prices].sort((a, b) => a.start_date.localeCompare(b.start_date));

/** The first two date prices (in date order) that share a day, if any. */
export function findDatePriceClash(prices: readonly DatePrice[]): [DatePrice, DatePrice] | undefined {
  const sorted = sortDatePrices(prices);
  for (let index = 1; index < sorted.length; index += 1) {
    const [before, after] = [sorted[index - 1], sorted[index]];
    if (before !== undefined && after !== undefined && after.start_date <= before.end_date) return [before, after];
  }
  return undefined;
}

/** Why a car's length discounts cannot stand together, or undefined. */
export function checkLengthDiscounts(tiers: readonly LengthDiscount[]): string | undefined {
  const minima = new Set(tiers.map((tier) => tier.min_days));
  return minima.size === tiers.length ? undefined : CAR_PRICE_MESSAGES.sameTier;
}

/** Length discounts from the shortest rental they reach to the longest. */
export const sortLengthDiscounts = (tiers: readonly LengthDiscount[]): LengthDiscount[] =>
  [...tiers].sort((a, b) => a.min_days - b.min_days);

/** The date price covering a day (`YYYY-MM-DD`), if any. */
export const datePriceOn = (date: string, prices: readonly DatePrice[]): DatePrice | undefined =>
  prices.find((range) => range.start_date <= date && date <= range.end_date);

/** A day's price in whole rupees: its date price, else the car's own. */
export const priceOn = (date: string, pricePerDay: number, prices: readonly DatePrice[]): number =>
  datePriceOn(date, prices)?.price_per_day ?? pricePerDay;

/** The tier a rental of `days` days reaches: the one with the highest `min_days` not above it. */
export function lengthDiscountFor(days: number, tiers: readonly LengthDiscount[]): LengthDiscount | undefined {
  let reached: LengthDiscount | undefined;
  for (const tier of tiers)
    if (tier.min_days <= days && (reached === undefined || tier.min_days > reached.min_days)) reached = tier;
  return reached;
}
