import type { BookedRange, Quote, QuoteTotal } from '@rentora/shared';
import type { BusinessSettings } from '@rentora/shared/operator';
import { checkDateRange, checkGstin, clashMessage, gstinStateCode, normaliseGstin } from '@rentora/shared/rules';
import { ApiError, vehicleNotFound } from '../errors';
import { type PricedVehicle, carPricesOf } from '../money/car-rules';
import { type ChosenAddOn, type RentalPrice, priceRental } from '../money/price-rental';
import type { QuoteSeals, QuotedRequest } from '../money/quote-seal';
import { type StoredQuote, quoteAnswer } from '../money/stored-quote';
import type { TaxRule } from '../money/tax';
import { findAddOns } from '../repositories/add-ons';
import type { Executor } from '../repositories/executor';
import { findOverlappingRange } from '../repositories/rentals';
import { findPublicVehicles, findVehicle } from '../repositories/vehicles';
import { OUT_OF_SERVICE, isPublic } from './bookable';

/** A quote holds for this long: a booking sending an older one gets a new quote first. */
export const QUOTE_LIFETIME_MS = 15 * 60 * 1000;

export const noSuchAddOn = (id: number) => `There is no add-on ${id}.`;
export const addOnWithdrawn = (label: string) => `${label} is no longer offered. Please choose again.`;

export interface QuoteContext {
  db: Executor;
  today: () => string;
  seals: QuoteSeals;
  now: () => number;
  settings: () => Promise<BusinessSettings>;
}

/** What a price is asked for; `add_ons` and `gstin` may be left out. */
export interface PriceRequest extends BookedRange {
  add_ons?: readonly number[];
  gstin?: string;
}

/** A rental's price and what its quote keeps, not yet sealed with an id. */
export interface Pricing {
  request: QuotedRequest;
  price: RentalPrice;
  kept: Omit<StoredQuote, 'quote_id'>;
}

async function chosenAddOns(db: Executor, ids: readonly number[]): Promise<ChosenAddOn[]> {
  if (ids.length === 0) return [];
  const found = await findAddOns(db, ids);
  const missing = ids.find((id) => !found.some((addOn) => addOn.id === id));
  if (missing !== undefined) throw new ApiError(400, noSuchAddOn(missing));
  const withdrawn = found.find((addOn) => !addOn.offered);
  if (withdrawn !== undefined) throw new ApiError(409, addOnWithdrawn(withdrawn.label));
  return found.map(({ id, label, price, per }) => ({ id, label, price, per }));
}

/** IGST for a customer GSTIN of another state than the business's (when its state is set), else CGST + SGST. */
const taxRuleOf = (settings: BusinessSettings, gstin: string | null): TaxRule => ({
  basisPoints: Math.round(settings.gst_rate * 100),
  included: settings.prices_include_tax,
  interState: gstin !== null && settings.state_code !== '' && gstinStateCode(gstin) !== settings.state_code,
});

function customerGstin(given: string | undefined): string | null {
  if (given === undefined || given.trim() === '') return null;
  const gstin = normaliseGstin(given);
  const wrong = checkGstin(gstin);
  if (wrong !== undefined) throw new ApiError(400, wrong);
  return gstin;
}

/**
 * What renting `vehicle` for the request costs now: by its rules, the add-ons chosen (read in the
 * caller's transaction when it is one) and the settings, with IGST when the customer's GSTIN is of
 * another state than the business's.
 */
export async function priceFor(
  db: Executor,
  vehicle: PricedVehicle,
  request: PriceRequest,
  settings: BusinessSettings,
): Promise<Pricing> {
  const gstin = customerGstin(request.gstin);
  const addOns = await chosenAddOns(db, [...new Set(request.add_ons ?? [])]);
  const rules = carPricesOf(vehicle);
  const taxRule = taxRuleOf(settings, gstin);
  const price = priceRental({ ...rules, price_per_day: vehicle.price_per_day }, request, addOns, taxRule);
  return {
    request: {
      vehicle: vehicle.slug,
      pick_up_date: request.pick_up_date,
      drop_off_date: request.drop_off_date,
      add_ons: addOns.map((addOn) => addOn.id),
      gstin,
    },
    price,
    kept: {
      ...price,
      add_ons: addOns,
      gstin,
      tax_rule: taxRule,
      terms: {
        km_per_day: rules.km_per_day,
        extra_km_price: rules.extra_km_price,
        late_fee_per_hour: settings.late_fee_per_hour,
        refuel_fee: settings.refuel_fee,
      },
    },
  };
}

/** A quote as the API answers it: the price, sealed with an id that holds for QUOTE_LIFETIME_MS. */
export function sealQuote(seals: QuoteSeals, pricing: Pricing, now: number): Quote {
  const expiresAt = now + QUOTE_LIFETIME_MS;
  return quoteAnswer(seals.seal(pricing.request, pricing.price, expiresAt), expiresAt, pricing.price);
}

/**
 * `POST /api/quotes`: the same checks of dates and car as a booking (docs/product.md §5), then
 * the price. Writes nothing: the id carries what the booking needs to know it (quote-seal.ts).
 */
export async function quoteRental(context: QuoteContext, vehicleSlug: string, request: PriceRequest): Promise<Quote> {
  const problem = dateProblem(request, context.today());
  if (problem !== undefined) throw new ApiError(400, problem);
  const vehicle = await findVehicle(context.db, vehicleSlug);
  if (vehicle === undefined || !isPublic(vehicle)) throw vehicleNotFound();
  if (vehicle.status !== 'in_service') throw new ApiError(409, OUT_OF_SERVICE);
  const taken = await findOverlappingRange(context.db, vehicle.id, request);
  if (taken !== undefined) throw new ApiError(409, clashMessage(taken));
  const pricing = await priceFor(context.db, vehicle, request, await context.settings());
  return sealQuote(context.seals, pricing, context.now());
}

/** Why a range cannot be priced (400), as a booking would say it; undefined when it can. */
function dateProblem(range: BookedRange, today: string): string | undefined {
  const [problem] = Object.values(checkDateRange(range, today));
  return problem;
}

/**
 * `GET /api/quotes`: what a range costs for each car of a dated search's list, with no add-ons
 * and no customer GSTIN (the cards' totals), in the order asked. Availability is the search's
 * business: a car taken on those days is priced all the same.
 */
export async function quoteTotals(
  context: QuoteContext,
  vehicleSlugs: readonly string[],
  range: BookedRange,
): Promise<QuoteTotal[]> {
  const problem = dateProblem(range, context.today());
  if (problem !== undefined) throw new ApiError(400, problem);
  const [vehicles, settings] = await Promise.all([findPublicVehicles(context.db, vehicleSlugs), context.settings()]);
  const rule = taxRuleOf(settings, null);
  return vehicleSlugs.map((slug) => {
    const vehicle = vehicles.find((candidate) => candidate.slug === slug);
    if (vehicle === undefined) throw vehicleNotFound();
    const price = priceRental({ ...carPricesOf(vehicle), price_per_day: vehicle.price_per_day }, range, [], rule);
    return { vehicle_id: slug, total_paise: price.total_paise };
  });
}
