import type { AuditPage, OperatorVehicle } from '@rentora/shared/operator';
import { CAR_PRICE_MESSAGES, datePriceClashMessage, notIsoDate } from '@rentora/shared/rules';
import { describeEachEngine } from '../../../../testing/describe-engines';
import { createStaff, newCar } from '../../../../testing/test-app';

jest.setTimeout(30_000);

const diwali = { start_date: '2027-10-28', end_date: '2027-11-02', price_per_day: 15_000 };
const christmas = { start_date: '2027-12-20', end_date: '2027-12-31', price_per_day: 14_000 };

describeEachEngine('a car’s pricing rules on %s', (subject) => {
  let auth: { authorization: string };
  let adminAuth: { authorization: string };
  beforeAll(async () => {
    auth = (await createStaff(subject.app, 'operator')).auth;
    adminAuth = (await createStaff(subject.app, 'admin')).auth;
  });
  const create = (body: unknown) => subject.call('POST', '/api/operator/vehicles', { headers: auth, body });
  const patch = (id: string, body: unknown) =>
    subject.call('PATCH', `/api/operator/vehicles/${id}`, { headers: auth, body });
  const latestAudit = async () =>
    ((await subject.call('GET', '/api/operator/audit', { headers: adminAuth })).body as AuditPage).items[0];

  it('keeps no rules for a car added without them, as before', async () => {
    const created = await create(newCar({ car_name: 'Plain Car', license_plate: 'KA01RU0001' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      date_prices: [],
      length_discounts: [],
      deposit: 0,
      km_per_day: 0,
      extra_km_price: 0,
    });
  });

  it('keeps the rules a car is added with, date prices in date order and tiers shortest first', async () => {
    const created = await create({
      ...newCar({ car_name: 'Ruled Car', license_plate: 'KA01RU0002' }),
      date_prices: [christmas, diwali],
      length_discounts: [
        { percent: 15, min_days: 30 },
        { min_days: 3, percent: 5 },
        { min_days: 7, percent: 10 },
      ],
      deposit: 10_000,
      km_per_day: 250,
      extra_km_price: 12,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      date_prices: [diwali, christmas],
      length_discounts: [
        { min_days: 3, percent: 5 },
        { min_days: 7, percent: 10 },
        { min_days: 30, percent: 15 },
      ],
      deposit: 10_000,
      km_per_day: 250,
      extra_km_price: 12,
    });
    const listed = await subject.call('GET', '/api/operator/vehicles?q=Ruled', { headers: auth });
    expect((listed.body as { items: OperatorVehicle[] }).items[0]).toEqual(created.body);
  });

  it('refuses date prices that share a day with 409 naming both, and changes nothing', async () => {
    await patch('audi-a6', { date_prices: [diwali] });
    const overlapping = { start_date: '2027-11-02', end_date: '2027-11-05', price_per_day: 13_000 };
    const refused = await patch('audi-a6', { date_prices: [overlapping, diwali], deposit: 5_000 });
    expect([refused.status, refused.message]).toEqual([409, datePriceClashMessage(diwali, overlapping)]);
    expect(refused.message).toBe(
      'The date prices from 28/10/2027 to 02/11/2027 and from 02/11/2027 to 05/11/2027 overlap: give each day one price.',
    );
    const onCreate = await create({
      ...newCar({ car_name: 'Clashing Car', license_plate: 'KA01RU0003' }),
      date_prices: [diwali, { ...diwali, price_per_day: 1 }],
    });
    expect(onCreate.status).toBe(409);
    const car = await subject.call('GET', '/api/operator/vehicles?q=audi-a6', { headers: auth });
    expect((car.body as { items: OperatorVehicle[] }).items[0]).toMatchObject({ date_prices: [diwali], deposit: 0 });
    // A range the day after another's last is no clash.
    const next = { start_date: '2027-11-03', end_date: '2027-11-03', price_per_day: 9_000 };
    expect((await patch('audi-a6', { date_prices: [diwali, next] })).status).toBe(200);
  });

  it.each([
    [
      'a date price ending before it starts',
      { date_prices: [{ ...diwali, end_date: '2027-10-27' }] },
      CAR_PRICE_MESSAGES.endBeforeStart,
    ],
    [
      'a date that does not exist',
      { date_prices: [{ ...diwali, end_date: '2027-02-30' }] },
      notIsoDate('date_prices.0.end_date'),
    ],
    [
      'a date price over a year long',
      { date_prices: [{ ...diwali, end_date: '2028-10-28' }] },
      CAR_PRICE_MESSAGES.tooLong,
    ],
    [
      'two tiers from the same day',
      {
        length_discounts: [
          { min_days: 7, percent: 10 },
          { min_days: 7, percent: 12 },
        ],
      },
      CAR_PRICE_MESSAGES.sameTier,
    ],
  ])('refuses %s with 400', async (_, body, message) => {
    const answer = await patch('audi-a4', body);
    expect([answer.status, answer.message]).toEqual([400, message]);
  });

  it.each([
    ['four length discounts', { length_discounts: [2, 3, 7, 30].map((min_days) => ({ min_days, percent: 5 })) }],
    ['a discount of 100%', { length_discounts: [{ min_days: 3, percent: 100 }] }],
    ['a negative deposit', { deposit: -1 }],
    ['rupees with paise', { extra_km_price: 12.5 }],
    ['a free date price', { date_prices: [{ ...diwali, price_per_day: 0 }] }],
  ])('refuses %s with 400, naming the field', async (_, body) => {
    const answer = await patch('audi-a4', body);
    expect(answer.status).toBe(400);
    expect(answer.message).toContain(Object.keys(body)[0]);
  });

  it('audits a change of rules, and leaves rules sent again in another order untouched', async () => {
    const tiers = [
      { min_days: 3, percent: 5 },
      { min_days: 7, percent: 10 },
    ];
    expect((await patch('bmw-3-series', { length_discounts: tiers, km_per_day: 240 })).status).toBe(200);
    expect(await latestAudit()).toMatchObject({
      action: 'vehicle.updated',
      subject: 'vehicle:bmw-3-series',
      before: { length_discounts: [], km_per_day: 0 },
      after: { length_discounts: tiers, km_per_day: 240 },
    });
    const entry = await latestAudit();
    const again = await patch('bmw-3-series', { length_discounts: [...tiers].reverse(), km_per_day: 240 });
    expect(again.status).toBe(200);
    expect(await latestAudit()).toEqual(entry);
  });
});
