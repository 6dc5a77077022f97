import type { BookedRange, Quote } from '@rentora/shared';
import type { BusinessSettings } from '@rentora/shared/operator';
import type { PricedVehicle } from '../money/car-rules';
import type { QuoteCheck, QuoteSeals } from '../money/quote-seal';
import type { StoredQuote } from '../money/stored-quote';
import type { Executor } from '../repositories/executor';
import { priceFor, sealQuote } from './quotes';

/** What a booking may send beside its form: the quote it was shown, and what that quote was for. */
export interface BookingExtras {
  quote_id?: string;
  add_ons?: readonly number[];
  gstin?: string;
}

export interface PricingContext {
  seals: QuoteSeals;
  now: () => number;
  settings: () => Promise<BusinessSettings>;
}

/** Why a quote sent with a booking no longer holds. */
type StaleQuote = Exclude<QuoteCheck, 'valid' | 'expired'>;

export const STALE_QUOTE: Record<StaleQuote, string> = {
  'price-changed': 'The price has changed since your quote. Please check the new quote and book again.',
  'other-request':
    'This quote was for another car, other dates or other extras. Please check this quote and book again.',
};

export type BookingPrice = { kept: StoredQuote } | { refused: { message: string; quote: Quote } };

/**
 * A booking's price, worked out again in the booking's transaction from the car as read for the
 * booking, the add-ons now and `settings`. With a `quote_id`, a price other than the one quoted
 * (or a quote for something else) refuses the booking with the new quote; without one, the
 * booking is simply priced anew, as clients before quotes expect, and keeps no quote id.
 *
 * An expired quote whose price still holds books: the price was worked out again just now and is
 * the one the customer agreed to, so a refusal would only make them confirm the same figures.
 */
export async function priceBooking(
  context: PricingContext,
  trx: Executor,
  vehicle: PricedVehicle,
  range: BookedRange,
  extras: BookingExtras,
  settings: BusinessSettings,
): Promise<BookingPrice> {
  const pricing = await priceFor(trx, vehicle, { ...range, add_ons: extras.add_ons, gstin: extras.gstin }, settings);
  const quoteId = extras.quote_id ?? null;
  if (quoteId !== null) {
    const now = context.now();
    const check = context.seals.check(quoteId, pricing.request, pricing.price, now);
    if (check !== 'valid' && check !== 'expired')
      return { refused: { message: STALE_QUOTE[check], quote: sealQuote(context.seals, pricing, now) } };
  }
  return { kept: { ...pricing.kept, quote_id: quoteId } };
}
