import { priceRental } from './price-rental';
import { createQuoteSeals } from './quote-seal';

const seals = createQuoteSeals('a-test-secret-of-enough-length-0123456789');
const request = {
  vehicle: 'audi-q7',
  pick_up_date: '2027-01-10',
  drop_off_date: '2027-01-12',
  add_ons: [2, 1],
  gstin: null,
};
const rule = { basisPoints: 0, included: true, interState: false };
const car = { price_per_day: 20_000, date_prices: [], length_discounts: [], deposit: 0 };
const price = priceRental(car, request, [], rule);
const NOW = Date.parse('2027-01-01T00:00:00Z');

describe('quote seals', () => {
  const id = seals.seal(request, price, NOW + 1_000);

  it('holds for the same request and price until it expires', () => {
    expect(seals.check(id, { ...request, add_ons: [1, 2] }, price, NOW)).toBe('valid');
    expect(seals.check(id, request, price, NOW + 1_001)).toBe('expired');
  });

  it('tells another request from a changed price', () => {
    expect(seals.check(id, { ...request, drop_off_date: '2027-01-13' }, price, NOW)).toBe('other-request');
    expect(seals.check(id, { ...request, gstin: '27AAPFU0939F1ZV' }, price, NOW)).toBe('other-request');
    const dearer = priceRental({ ...car, price_per_day: 20_001 }, request, [], rule);
    expect(seals.check(id, request, dearer, NOW)).toBe('price-changed');
    const relabelled = { ...price, lines: price.lines.map((line) => ({ ...line, label: 'Renamed' })) };
    expect(seals.check(id, request, relabelled, NOW)).toBe('valid');
  });

  it('refuses an id altered, made up, or signed with another key', () => {
    const [expiry = '', requestMac, priceMac] = id.split('.');
    const later = (parseInt(expiry, 36) + 60_000).toString(36);
    expect(seals.check(`${later}.${requestMac}.${priceMac}`, request, price, NOW)).toBe('other-request');
    expect(seals.check('not-a-quote', request, price, NOW)).toBe('other-request');
    const other = createQuoteSeals('another-secret-of-enough-length-012345678');
    expect(seals.check(other.seal(request, price, NOW + 1_000), request, price, NOW)).toBe('other-request');
  });
});
