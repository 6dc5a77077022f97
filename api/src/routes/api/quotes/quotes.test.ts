import { formatDisplayDate } from '@rentora/shared/format';
import type { AppConfig } from '../../../config';
import { DATE_RANGE_MESSAGES, GSTIN_MESSAGES, clashMessage } from '@rentora/shared/rules';
import { OUT_OF_SERVICE } from '../../../services/booking';
import { QUOTE_LIFETIME_MS, addOnWithdrawn, noSuchAddOn } from '../../../services/quotes';
import { describeEachEngine } from '../../../testing/describe-engines';
import {
  GSTIN_KARNATAKA,
  GSTIN_MAHARASHTRA,
  KARNATAKA_BUSINESS,
  figuresOf,
  moneyCalls,
  quoteOf,
} from '../../../testing/money';
import { bookingForm, createStaff, createUser, dateFromToday } from '../../../testing/test-app';

jest.setTimeout(30_000);

const day = (offset: number) => dateFromToday(offset);
const range = (from: number, to: number) => ({ pick_up_date: day(from), drop_off_date: day(to) });
const datePrice = (from: number, to: number, price_per_day: number) => ({
  start_date: day(from),
  end_date: day(to),
  price_per_day,
});
const rupees = (amount: number) => amount * 100;
const line = (label: string, quantity: number, unitRupees: number) => ({
  label,
  quantity,
  unit_paise: rupees(unitRupees),
  amount_paise: quantity * rupees(unitRupees),
});
const daily = (quantity: number, unit: number) => line('Daily price', quantity, unit);
const band = (from: number, to: number, quantity: number, unit: number) =>
  line(
    from === to
      ? `Daily price, ${formatDisplayDate(day(from))}`
      : `Daily price, ${formatDisplayDate(day(from))} to ${formatDisplayDate(day(to))}`,
    quantity,
    unit,
  );
const NO_TAX = { rate: 0, included: true, cgst_paise: 0, sgst_paise: 0, igst_paise: 0 };

describeEachEngine('quotes on %s, with no tax set', (subject) => {
  let calls: ReturnType<typeof moneyCalls>;
  beforeAll(async () => {
    calls = moneyCalls(subject, { admin: (await createStaff(subject.app, 'admin')).auth });
  });
  const lines = async (car: string, from: number, to: number) =>
    quoteOf(await calls.quote({ vehicle_id: car, ...range(from, to) })).lines;

  it('prices a car with no rules as today: its days at its price, tax inside at no rate, to anyone', async () => {
    const before = Date.now();
    const quote = quoteOf(await calls.quote({ vehicle_id: 'audi-q7', ...range(10, 12) }));
    expect(figuresOf(quote)).toEqual({
      lines: [daily(3, 20_000)],
      discount_percent: 0,
      discount_paise: 0,
      taxable_paise: rupees(60_000),
      tax: NO_TAX,
      total_paise: rupees(60_000),
      deposit_paise: 0,
    });
    const expiresAt = Date.parse(quote.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + QUOTE_LIFETIME_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + QUOTE_LIFETIME_MS);
    expect(quote.id).toMatch(/^[0-9a-z]+\.[\w-]{22}\.[\w-]{22}$/);
  });

  it('gives each price band a line of its own, across every edge of a date price', async () => {
    const car = await calls.addCar({
      price_per_day: 10_000,
      date_prices: [datePrice(20, 22, 15_000)],
    });
    expect(await lines(car, 17, 19)).toEqual([daily(3, 10_000)]);
    expect(await lines(car, 18, 20)).toEqual([daily(2, 10_000), band(20, 20, 1, 15_000)]);
    expect(await lines(car, 21, 21)).toEqual([band(21, 21, 1, 15_000)]);
    expect(await lines(car, 19, 23)).toEqual([daily(2, 10_000), band(20, 22, 3, 15_000)]);
    expect(await lines(car, 22, 24)).toEqual([band(22, 22, 1, 15_000), daily(2, 10_000)]);
    expect(await lines(car, 23, 24)).toEqual([daily(2, 10_000)]);
  });

  it('keeps two date prices that touch apart', async () => {
    const car = await calls.addCar({
      price_per_day: 10_000,
      date_prices: [datePrice(32, 33, 14_000), datePrice(30, 31, 12_000)],
    });
    const quote = quoteOf(await calls.quote({ vehicle_id: car, ...range(29, 34) }));
    expect(quote.lines).toEqual([daily(2, 10_000), band(30, 31, 2, 12_000), band(32, 33, 2, 14_000)]);
    expect(quote.total_paise).toBe(rupees(2 * 10_000 + 2 * 12_000 + 2 * 14_000));
  });

  it.each([
    [2, 0],
    [3, 5],
    [6, 5],
    [7, 10],
    [29, 10],
    [30, 15],
  ])('takes the highest length discount a %i-day rental reaches off all its days: %i%%', async (days, percent) => {
    const car = await calls.addCar({
      price_per_day: 9_999,
      length_discounts: [
        { min_days: 30, percent: 15 },
        { min_days: 3, percent: 5 },
        { min_days: 7, percent: 10 },
      ],
    });
    const quote = quoteOf(await calls.quote({ vehicle_id: car, ...range(1, days) }));
    const subtotal = rupees(days * 9_999);
    expect(quote).toMatchObject({
      lines: [daily(days, 9_999)],
      discount_percent: percent,
      discount_paise: (subtotal * percent) / 100,
      total_paise: subtotal - (subtotal * percent) / 100,
    });
  });

  it('adds add-ons per day and per rental, after the car’s days, and takes no discount off them', async () => {
    const car = await calls.addCar({ price_per_day: 10_000, length_discounts: [{ min_days: 3, percent: 10 }] });
    const chauffeur = await calls.addAddOn('Chauffeur', 1_500, 'day');
    const seat = await calls.addAddOn('Child seat', 500, 'rental');
    const quote = quoteOf(await calls.quote({ vehicle_id: car, ...range(40, 43), add_ons: [seat, chauffeur] }));
    expect(quote.lines).toEqual([daily(4, 10_000), line('Chauffeur', 4, 1_500), line('Child seat', 1, 500)]);
    expect(quote.discount_paise).toBe(rupees(4_000));
    expect(quote.total_paise).toBe(rupees(40_000 - 4_000 + 6_000 + 500));

    const withdrawn = await calls.addAddOn('Doorstep delivery', 800, 'rental');
    await calls.withdraw(withdrawn);
    const refused = await calls.quote({ vehicle_id: car, ...range(40, 43), add_ons: [withdrawn] });
    expect([refused.status, refused.message]).toEqual([409, addOnWithdrawn('Doorstep delivery')]);
    const unknown = await calls.quote({ vehicle_id: car, ...range(40, 43), add_ons: [999_999] });
    expect([unknown.status, unknown.message]).toEqual([400, noSuchAddOn(999_999)]);
  });

  it('quotes the deposit apart from the total', async () => {
    const car = await calls.addCar({ price_per_day: 10_000, deposit: 5_000, km_per_day: 250, extra_km_price: 12 });
    const quote = quoteOf(await calls.quote({ vehicle_id: car, ...range(5, 6) }));
    expect([quote.total_paise, quote.deposit_paise]).toEqual([rupees(20_000), rupees(5_000)]);
  });

  it('gives a dated search’s cards their totals with each car’s rules, in the order asked', async () => {
    const festive = await calls.addCar({
      price_per_day: 10_000,
      date_prices: [datePrice(71, 72, 15_000)],
      length_discounts: [{ min_days: 3, percent: 10 }],
    });
    const dates = `pick_up_date=${day(70)}&drop_off_date=${day(72)}`;
    const totals = await subject.call('GET', `/api/quotes?vehicles=${festive},audi-q7&${dates}`);
    expect(totals.body).toEqual([
      { vehicle_id: festive, total_paise: rupees((10_000 + 2 * 15_000) * 0.9) },
      { vehicle_id: 'audi-q7', total_paise: rupees(3 * 20_000) },
    ]);
    expect((await subject.call('GET', `/api/quotes?vehicles=audi-q7,no-such-car&${dates}`)).status).toBe(404);
    expect((await subject.call('GET', `/api/quotes?vehicles=audi-q7,Not%20An%20Id&${dates}`)).status).toBe(400);
    const past = await subject.call(
      'GET',
      `/api/quotes?vehicles=audi-q7&pick_up_date=${day(-1)}&drop_off_date=${day(1)}`,
    );
    expect([past.status, past.message]).toEqual([400, DATE_RANGE_MESSAGES.pickUpPast]);
  });

  it('shows a public car’s rules to anyone, for its page', async () => {
    const rules = {
      date_prices: [datePrice(80, 81, 16_000)],
      length_discounts: [{ min_days: 7, percent: 10 }],
      deposit: 8_000,
      km_per_day: 240,
      extra_km_price: 12,
    };
    const car = await calls.addCar({ price_per_day: 11_000, ...rules });
    expect((await subject.call('GET', `/api/vehicles/${car}/prices`)).body).toEqual({
      price_per_day: 11_000,
      ...rules,
    });
    expect((await subject.call('GET', '/api/vehicles/audi-q7/prices')).body).toEqual({
      price_per_day: 20_000,
      date_prices: [],
      length_discounts: [],
      deposit: 0,
      km_per_day: 0,
      extra_km_price: 0,
    });
    const draft = await calls.addCar({ status: 'draft' });
    expect((await subject.call('GET', `/api/vehicles/${draft}/prices`)).status).toBe(404);
  });

  it('checks dates and cars as a booking does', async () => {
    const refusal = async (body: Record<string, unknown>) => {
      const answer = await calls.quote({ vehicle_id: 'audi-q7', ...range(10, 12), ...body });
      return [answer.status, answer.message];
    };
    expect(await refusal({ pick_up_date: day(-1) })).toEqual([400, DATE_RANGE_MESSAGES.pickUpPast]);
    expect(await refusal(range(10, 40))).toEqual([400, DATE_RANGE_MESSAGES.tooLong]);
    expect(await refusal({ drop_off_date: '2026-02-30' })).toEqual([400, DATE_RANGE_MESSAGES.chooseDropOff]);
    expect(await refusal({ vehicle_id: 'no-such-car' })).toEqual([404, 'This car does not exist.']);
    expect(await refusal({ gstin: '27AAPFU0939F1ZX' })).toEqual([400, GSTIN_MESSAGES.checksum]);
    expect((await calls.quote({ vehicle_id: 'audi-q7' })).status).toBe(400);

    const draft = await calls.addCar({ status: 'draft' });
    expect(await refusal({ vehicle_id: draft })).toEqual([404, 'This car does not exist.']);
    const resting = await calls.addCar();
    await calls.patchCar(resting, { status: 'out_of_service' });
    expect(await refusal({ vehicle_id: resting })).toEqual([409, OUT_OF_SERVICE]);

    const rider = await createUser(subject.app);
    const booked = await subject.call('POST', '/api/book-ride/audi-a8', {
      headers: rider.auth,
      body: bookingForm(range(50, 52)),
    });
    expect(booked.status).toBe(201);
    expect(await refusal({ vehicle_id: 'audi-a8', ...range(52, 53) })).toEqual([409, clashMessage(range(50, 52))]);
  });
});

describeEachEngine('quotes on %s, with tax', (subject) => {
  let calls: ReturnType<typeof moneyCalls>;
  let car: string;
  beforeAll(async () => {
    calls = moneyCalls(subject, { admin: (await createStaff(subject.app, 'admin')).auth });
    car = await calls.addCar({ price_per_day: 10_000 });
  });
  const taxOf = async (gstin?: string) => {
    const quote = quoteOf(await calls.quote({ vehicle_id: car, ...range(10, 12), ...(gstin && { gstin }) }));
    return { taxable: quote.taxable_paise, tax: quote.tax, total: quote.total_paise };
  };

  it('adds 18% on top, CGST + SGST within the state, IGST across', async () => {
    await calls.setSettings(KARNATAKA_BUSINESS);
    const inState = { rate: 18, included: false, cgst_paise: 270_000, sgst_paise: 270_000, igst_paise: 0 };
    expect(await taxOf()).toEqual({ taxable: 3_000_000, tax: inState, total: 3_540_000 });
    expect(await taxOf(GSTIN_KARNATAKA)).toEqual({ taxable: 3_000_000, tax: inState, total: 3_540_000 });
    expect(await taxOf(` ${GSTIN_MAHARASHTRA.toLowerCase()} `)).toEqual({
      taxable: 3_000_000,
      tax: { rate: 18, included: false, cgst_paise: 0, sgst_paise: 0, igst_paise: 540_000 },
      total: 3_540_000,
    });
  });

  it('takes 18% out of prices that include it, rounding each half to the paisa', async () => {
    await calls.setSettings({ ...KARNATAKA_BUSINESS, prices_include_tax: true });
    // ₹30,000 × 9 / 118 = ₹2,288.1355…: ₹2,288.14 each half; the taxable value is what is left.
    expect(await taxOf()).toEqual({
      taxable: 2_542_372,
      tax: { rate: 18, included: true, cgst_paise: 228_814, sgst_paise: 228_814, igst_paise: 0 },
      total: 3_000_000,
    });
    // ₹30,000 × 18 / 118 = ₹4,576.2711…: ₹4,576.27.
    expect(await taxOf(GSTIN_MAHARASHTRA)).toEqual({
      taxable: 2_542_373,
      tax: { rate: 18, included: true, cgst_paise: 0, sgst_paise: 0, igst_paise: 457_627 },
      total: 3_000_000,
    });
  });

  it('rounds half a paisa up', async () => {
    await calls.setSettings(KARNATAKA_BUSINESS);
    const cheap = await calls.addCar({ price_per_day: 50, length_discounts: [{ min_days: 7, percent: 7 }] });
    const quote = quoteOf(await calls.quote({ vehicle_id: cheap, ...range(1, 7) }));
    // ₹350 less 7% is ₹325.50; 9% of it is ₹29.295: 2,929.5 paise, rounded up to 2,930.
    expect(quote).toMatchObject({
      discount_paise: 2_450,
      taxable_paise: 32_550,
      tax: { cgst_paise: 2_930, sgst_paise: 2_930, igst_paise: 0 },
      total_paise: 38_410,
    });
  });

  it('ignores a customer GSTIN while the business has no state, and rates with hundredths', async () => {
    await calls.setSettings({ ...KARNATAKA_BUSINESS, gstin: '', state_code: '', gst_rate: 12.5 });
    expect(await taxOf(GSTIN_MAHARASHTRA)).toEqual({
      taxable: 3_000_000,
      tax: { rate: 12.5, included: false, cgst_paise: 187_500, sgst_paise: 187_500, igst_paise: 0 },
      total: 3_375_000,
    });
  });
});

describeEachEngine(
  'quotes on %s, limited per address',
  (subject) => {
    it('answers 429 with Retry-After past the budget', async () => {
      const ask = () => subject.call('POST', '/api/quotes', { body: { vehicle_id: 'audi-q7', ...range(10, 12) } });
      expect([(await ask()).status, (await ask()).status]).toEqual([200, 200]);
      const refused = await ask();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  },
  (): Partial<AppConfig> => ({
    rateLimit: { perIp: 100, perEmail: 100, writesPerUser: 100, writesPerIp: 100, quotesPerIp: 2, windowMs: 60_000 },
  }),
);
