import type { BookingConflict, CustomerRental, Quote, User } from '@rentora/shared';
import { STALE_QUOTE } from '../../../services/booking-price';
import { addOnWithdrawn, QUOTE_LIFETIME_MS } from '../../../services/quotes';
import { describeEachEngine } from '../../../testing/describe-engines';
import { GSTIN_MAHARASHTRA, KARNATAKA_BUSINESS, moneyCalls, quoteOf } from '../../../testing/money';
import { bookingForm, createStaff, createUser, dateFromToday } from '../../../testing/test-app';

jest.setTimeout(30_000);

const range = (from: number, to: number) => ({ pick_up_date: dateFromToday(from), drop_off_date: dateFromToday(to) });

describeEachEngine('bookings with quotes on %s', (subject) => {
  let calls: ReturnType<typeof moneyCalls>;
  beforeAll(async () => {
    calls = moneyCalls(subject, { admin: (await createStaff(subject.app, 'admin')).auth });
  });
  const book = (car: string, auth: Record<string, string>, body: Record<string, unknown>, headers = {}) =>
    subject.call('POST', `/api/book-ride/${car}`, { headers: { ...auth, ...headers }, body });
  const rentalsOf = async (auth: Record<string, string>) =>
    (await subject.call('GET', '/api/rentals', { headers: auth })).body as CustomerRental[];
  const profileTotals = async (auth: Record<string, string>) =>
    ((await subject.call('GET', '/api/user', { headers: auth })).body as User).cars_rented.map(
      (rental) => rental.total_price,
    );

  it('quotes a booking sent without a quote anew, and keeps that quote on the rental', async () => {
    const rider = await createUser(subject.app);
    const answer = await book('audi-q7', rider.auth, bookingForm(range(10, 12)));
    expect(answer.status).toBe(201);
    expect(await rentalsOf(rider.auth)).toEqual([
      expect.objectContaining({ total_paise: 6_000_000, deposit_paise: 0, invoice: null, status: 'active' }),
    ]);
    expect(await profileTotals(rider.auth)).toEqual([60_000]);
  });

  it('books at the quoted price with its add-ons and the customer’s GSTIN', async () => {
    await calls.setSettings(KARNATAKA_BUSINESS);
    const car = await calls.addCar({ price_per_day: 10_000, deposit: 5_000 });
    const chauffeur = await calls.addAddOn('Chauffeur', 1_500, 'day');
    const request = { ...range(20, 22), add_ons: [chauffeur], gstin: GSTIN_MAHARASHTRA };
    const quote = quoteOf(await calls.quote({ vehicle_id: car, ...request }));
    // ₹34,500 plus 18% IGST.
    expect([quote.total_paise, quote.tax.igst_paise, quote.deposit_paise]).toEqual([4_071_000, 621_000, 500_000]);

    const rider = await createUser(subject.app);
    const answer = await book(car, rider.auth, { ...bookingForm(request), ...request, quote_id: quote.id });
    expect([answer.status, answer.message]).toEqual([201, expect.stringMatching(/: 3 days, ₹40,710 in total\.$/)]);
    const [rental] = await rentalsOf(rider.auth);
    expect(rental).toMatchObject({ total_paise: 4_071_000, deposit_paise: 500_000 });
    expect(await profileTotals(rider.auth)).toEqual([40_710]);
    await calls.setSettings({ ...KARNATAKA_BUSINESS, gst_rate: 0 });
  });

  it('answers 409 with the new quote when the price changed since the quote, then books at the new one', async () => {
    const car = await calls.addCar({ price_per_day: 10_000 });
    const quote = quoteOf(await calls.quote({ vehicle_id: car, ...range(30, 31) }));
    expect((await calls.patchCar(car, { price_per_day: 11_000 })).status).toBe(200);

    const rider = await createUser(subject.app);
    const key = { 'idempotency-key': `stale-${rider.id}` };
    const stale = await book(car, rider.auth, { ...bookingForm(range(30, 31)), quote_id: quote.id }, key);
    expect([stale.status, stale.message]).toEqual([409, STALE_QUOTE['price-changed']]);
    const fresh = (stale.body as BookingConflict).quote as Quote;
    expect(fresh.total_paise).toBe(2_200_000);
    expect(fresh.id).not.toBe(quote.id);
    expect(await rentalsOf(rider.auth)).toEqual([]);

    // The refusal was not kept under the key: the same key books with the new quote.
    const booked = await book(car, rider.auth, { ...bookingForm(range(30, 31)), quote_id: fresh.id }, key);
    expect(booked.status).toBe(201);
    expect((await rentalsOf(rider.auth)).map((rental) => rental.total_paise)).toEqual([2_200_000]);
  });

  it('books with an expired quote whose price still holds, and answers 409 once that price changed', async () => {
    const car = await calls.addCar({ price_per_day: 10_000 });
    const quote = quoteOf(await calls.quote({ vehicle_id: car, ...range(32, 33) }));
    const later = quoteOf(await calls.quote({ vehicle_id: car, ...range(34, 35) }));
    const [rider, other] = [await createUser(subject.app), await createUser(subject.app)];
    const realNow = Date.now.bind(Date);
    const afterExpiry = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + QUOTE_LIFETIME_MS + 60_000);
    try {
      expect(Date.parse(quote.expires_at)).toBeLessThan(Date.now());
      const booked = await book(car, rider.auth, { ...bookingForm(range(32, 33)), quote_id: quote.id });
      expect(booked.status).toBe(201);

      expect((await calls.patchCar(car, { price_per_day: 12_000 })).status).toBe(200);
      const stale = await book(car, other.auth, { ...bookingForm(range(34, 35)), quote_id: later.id });
      expect([stale.status, stale.message]).toEqual([409, STALE_QUOTE['price-changed']]);
      expect((stale.body as BookingConflict).quote?.total_paise).toBe(2_400_000);
    } finally {
      afterExpiry.mockRestore();
    }
    expect((await rentalsOf(rider.auth)).map((rental) => rental.total_paise)).toEqual([2_000_000]);
  });

  it('answers 409 with the quote for the booking when the quote was made for other dates or extras', async () => {
    const car = await calls.addCar({ price_per_day: 10_000 });
    const seat = await calls.addAddOn('Child seat', 500, 'rental');
    const quote = quoteOf(await calls.quote({ vehicle_id: car, ...range(40, 41), add_ons: [seat] }));
    const rider = await createUser(subject.app);
    for (const body of [
      { ...bookingForm(range(40, 42)), add_ons: [seat] },
      { ...bookingForm(range(40, 41)) },
      { ...bookingForm(range(40, 41)), add_ons: [seat], gstin: GSTIN_MAHARASHTRA },
    ]) {
      const refused = await book(car, rider.auth, { ...body, quote_id: quote.id });
      expect([refused.status, refused.message]).toEqual([409, STALE_QUOTE['other-request']]);
    }
    const other = await book('audi-q7', rider.auth, {
      ...bookingForm(range(40, 41)),
      add_ons: [seat],
      quote_id: quote.id,
    });
    expect(other.status).toBe(409);
    expect((other.body as BookingConflict).quote?.lines[0]?.unit_paise).toBe(2_000_000);
    expect(await rentalsOf(rider.auth)).toEqual([]);
  });

  it('refuses an add-on withdrawn since the quote, and a GSTIN that is not one', async () => {
    const car = await calls.addCar({ price_per_day: 10_000 });
    const delivery = await calls.addAddOn('Doorstep delivery', 800, 'rental');
    const quote = quoteOf(await calls.quote({ vehicle_id: car, ...range(50, 51), add_ons: [delivery] }));
    await calls.withdraw(delivery);
    const rider = await createUser(subject.app);
    const withdrawn = await book(car, rider.auth, {
      ...bookingForm(range(50, 51)),
      add_ons: [delivery],
      quote_id: quote.id,
    });
    expect([withdrawn.status, withdrawn.message]).toEqual([409, addOnWithdrawn('Doorstep delivery')]);
    const badGstin = await book(car, rider.auth, { ...bookingForm(range(50, 51)), gstin: '27AAPFU0939F1Z' });
    expect(badGstin.status).toBe(400);
    expect(await rentalsOf(rider.auth)).toEqual([]);
  });

  it('never changes a booked rental’s price, whatever changes after', async () => {
    const car = await calls.addCar({ price_per_day: 10_000, deposit: 3_000 });
    const chauffeur = await calls.addAddOn('Chauffeur, later withdrawn', 1_000, 'day');
    const rider = await createUser(subject.app);
    expect((await book(car, rider.auth, { ...bookingForm(range(60, 63)), add_ons: [chauffeur] })).status).toBe(201);
    const before = await rentalsOf(rider.auth);
    expect(before).toEqual([expect.objectContaining({ total_paise: 4_400_000, deposit_paise: 300_000 })]);

    await calls.patchCar(car, {
      price_per_day: 20_000,
      deposit: 9_000,
      date_prices: [{ start_date: dateFromToday(60), end_date: dateFromToday(63), price_per_day: 30_000 }],
      length_discounts: [{ min_days: 2, percent: 50 }],
    });
    await calls.withdraw(chauffeur);
    await calls.setSettings({ ...KARNATAKA_BUSINESS, gst_rate: 28 });
    expect(await rentalsOf(rider.auth)).toEqual(before);
    expect(await profileTotals(rider.auth)).toEqual([44_000]);
    await calls.setSettings({ ...KARNATAKA_BUSINESS, gst_rate: 0 });
  });
});
