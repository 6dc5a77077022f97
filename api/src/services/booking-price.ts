import type { BookedRange, Quote } from '@rentora/shared';
import type { VehicleRow } from '../db/schema';
import type { QuoteCheck, QuoteSeals } from '../money/quote-seal';
import type { StoredQuote } from '../money/stored-quote';
import type { Executor } from '../repositories/executor';
import { findVehicle } from '../repositories/vehicles';
import { QUOTE_LIFETIME_MS, priceFor, sealQuote } from './quotes';

/** What a booking may send beside its form: the quote it was shown, and what that quote was for. */
export interface BookingExtras {
  quote_id?: string;
  add_ons?: readonly number[];
  gstin?: string;
}

export interface PricingContext {
  seals: QuoteSeals;
  now: () => number;
}

export const STALE_QUOTE: Record<Exclude<QuoteCheck, 'valid'>, string> = {
  'price-changed': 'The price has changed since your quote. Please check the new quote and book again.',
  expired: 'Your quote has expired. Please check the new quote and book again.',
  'other-request':
    'This quote was for another car, other dates or other extras. Please check this quote and book again.',
};

export type BookingPrice = { kept: StoredQuote } | { refused: { message: string; quote: Quote } };

/**
 * A booking's price, worked out again under the booking's locks from the car as it is now (a
 * change of its rules may have committed since the request arrived). With a `quote_id`, a price
 * other than the one quoted (or a quote expired, or for something else) refuses the booking with
 * the new quote; without one, the booking is quoted anew, as clients before quotes expect.
 */
export async function priceBooking(
  context: PricingContext,
  trx: Executor,
  vehicle: VehicleRow,
  range: BookedRange,
  extras: BookingExtras,
): Promise<BookingPrice> {
  const current = (await findVehicle(trx, vehicle.slug)) ?? vehicle;
  const pricing = await priceFor(trx, current, { ...range, add_ons: extras.add_ons, gstin: extras.gstin });
  const now = context.now();
  if (extras.quote_id !== undefined) {
    const check = context.seals.check(extras.quote_id, pricing.request, pricing.price, now);
    if (check !== 'valid')
      return { refused: { message: STALE_QUOTE[check], quote: sealQuote(context.seals, pricing, now) } };
  }
  const quoteId = extras.quote_id ?? context.seals.seal(pricing.request, pricing.price, now + QUOTE_LIFETIME_MS);
  return { kept: { ...pricing.kept, quote_id: quoteId } };
}
