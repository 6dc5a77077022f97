import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RentalPrice } from './price-rental';

/** What a quote was asked for: a car, its dates, the add-ons and the customer's GSTIN. */
export interface QuotedRequest {
  vehicle: string;
  pick_up_date: string;
  drop_off_date: string;
  add_ons: readonly number[];
  gstin: string | null;
}

/** A quote sent back with a booking, checked against that booking's price now. */
export type QuoteCheck = 'valid' | 'expired' | 'other-request' | 'price-changed';

/**
 * Quote ids that need no storage (docs/decisions/0024-money.md): `expiry.request.price`, where
 * expiry is the epoch ms in base 36 and the other two are HMAC-SHA256s (truncated to 128 bits) of
 * the expiry with the request, and with the request and its figures. A booking recomputes its
 * price and checks the id against it: anyone may ask for quotes without writing anything, and no
 * id can be made or altered without the server's key.
 */
export interface QuoteSeals {
  seal(request: QuotedRequest, price: RentalPrice, expiresAt: number): string;
  check(id: string, request: QuotedRequest, price: RentalPrice, now: number): QuoteCheck;
}

const ID = /^([0-9a-z]{1,12})\.([\w-]{22})\.([\w-]{22})$/;

const requestText = (request: QuotedRequest) =>
  JSON.stringify([
    request.vehicle,
    request.pick_up_date,
    request.drop_off_date,
    [...request.add_ons].sort((a, b) => a - b),
    request.gstin,
  ]);

/** The money of a quote, not its labels: renaming an add-on changes no price. */
const figuresText = (price: RentalPrice) =>
  JSON.stringify([
    price.lines.map((line) => [line.quantity, line.unit_paise, line.amount_paise]),
    price.discount_paise,
    price.taxable_paise,
    price.tax,
    price.total_paise,
    price.deposit_paise,
  ]);

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function createQuoteSeals(secret: string): QuoteSeals {
  // A key of its own, derived from the signing secret: a quote id can never pass for a token or the reverse.
  const key = createHmac('sha256', secret).update('rentora quote v1').digest();
  const mac = (...parts: string[]) =>
    createHmac('sha256', key).update(parts.join('\0')).digest().subarray(0, 16).toString('base64url');
  const macs = (expiry: string, request: QuotedRequest, price: RentalPrice) => {
    const asked = requestText(request);
    return { request: mac('request', expiry, asked), price: mac('price', expiry, asked, figuresText(price)) };
  };
  return {
    seal(request, price, expiresAt) {
      const expiry = expiresAt.toString(36);
      const sealed = macs(expiry, request, price);
      return `${expiry}.${sealed.request}.${sealed.price}`;
    },
    check(id, request, price, now) {
      const [, expiry = '', requestMac = '', priceMac = ''] = ID.exec(id) ?? [];
      const expected = macs(expiry, request, price);
      if (!same(requestMac, expected.request)) return 'other-request';
      if (!same(priceMac, expected.price)) return 'price-changed';
      return parseInt(expiry, 36) < now ? 'expired' : 'valid';
    },
  };
}
