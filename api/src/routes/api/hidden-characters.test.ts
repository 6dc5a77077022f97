import type { User } from '@rentora/shared';
import type { AuditPage, BusinessSettings, OperatorAddOn } from '@rentora/shared/operator';
import { notPlainText } from '@rentora/shared/rules';
import { describeEachEngine } from '../../testing/describe-engines';
import { KARNATAKA_BUSINESS } from '../../testing/money';
import { type Answer, bookingForm, createStaff, createUser, dateFromToday, newCar } from '../../testing/test-app';

jest.setTimeout(60_000);

/** Characters a reader cannot see that change what a page or an invoice shows (Unicode Cc, Cf), and half a surrogate pair. */
const HIDDEN = {
  'a right-to-left override': '\u202E',
  'a line break': '\n',
  'a bell (C0 control)': '\u0007',
  'a left-to-right isolate': '\u2066',
  'a zero-width space': '\u200B',
  'a lone surrogate': '\uD800',
} as const;

/** What each refused request must have left as it was. */
type Unchanged = () => Promise<unknown>;

describeEachEngine('text with hidden characters on %s', (subject) => {
  let admin: { authorization: string };
  let rider: { authorization: string };
  beforeAll(async () => {
    admin = (await createStaff(subject.app, 'admin')).auth;
    rider = (await createUser(subject.app)).auth;
    expect(
      (await subject.call('PUT', '/api/operator/settings', { headers: admin, body: KARNATAKA_BUSINESS })).status,
    ).toBe(200);
  });

  const settings = async () =>
    (await subject.call('GET', '/api/operator/settings', { headers: admin })).body as BusinessSettings;
  const addOns = async () =>
    ((await subject.call('GET', '/api/operator/add-ons', { headers: admin })).body as { items: OperatorAddOn[] }).items;
  const rentals = async () => ((await subject.call('GET', '/api/user', { headers: rider })).body as User).cars_rented;
  const auditTotal = async () =>
    ((await subject.call('GET', '/api/operator/audit', { headers: admin })).body as AuditPage).total;

  /** Each text field that reaches an invoice, a page or the audit log, sent with `hidden` inside it. */
  const requests: [field: string, send: (hidden: string) => Promise<Answer>, state: Unchanged][] = [
    [
      'name',
      (hidden) =>
        subject.call('POST', '/api/user/register', {
          body: {
            name: `Asha ${hidden}Verma`,
            email: `asha-${Date.now()}@example.com`,
            password: 'long-enough-password',
            avatar: 'avatar1',
          },
        }),
      async () =>
        Number(
          (
            await subject.app.db
              .selectFrom('users')
              .select((eb) => eb.fn.countAll().as('users'))
              .executeTakeFirstOrThrow()
          ).users,
        ),
    ],
    [
      'name',
      (hidden) =>
        subject.call('POST', '/api/book-ride/audi-q7', {
          headers: rider,
          body: bookingForm({ name: `Asha${hidden} Verma` }),
        }),
      rentals,
    ],
    [
      'address',
      (hidden) =>
        subject.call('POST', '/api/book-ride/audi-q7', {
          headers: rider,
          body: bookingForm({ address: `12 MG Road${hidden}, Bengaluru` }),
        }),
      rentals,
    ],
    [
      'label',
      (hidden) =>
        subject.call('POST', '/api/operator/add-ons', {
          headers: admin,
          body: { label: `Child seat${hidden}`, price: 500, per: 'rental' },
        }),
      addOns,
    ],
    [
      'legal_name',
      (hidden) =>
        subject.call('PUT', '/api/operator/settings', {
          headers: admin,
          body: { ...KARNATAKA_BUSINESS, legal_name: `${hidden}Rentora Mobility` },
        }),
      settings,
    ],
    [
      'address',
      (hidden) =>
        subject.call('PUT', '/api/operator/settings', {
          headers: admin,
          body: { ...KARNATAKA_BUSINESS, address: `12 MG Road${hidden}` },
        }),
      settings,
    ],
    [
      'car_name',
      (hidden) =>
        subject.call('POST', '/api/operator/vehicles', {
          headers: admin,
          body: newCar({ car_name: `Harrier${hidden}`, license_plate: `KA01HC${Date.now() % 10_000}` }),
        }),
      auditTotal,
    ],
    [
      'reason',
      (hidden) =>
        subject.call('PATCH', '/api/operator/vehicles/audi-q7', {
          headers: admin,
          body: { price_per_day: 12_345, reason: `New season${hidden}` },
        }),
      auditTotal,
    ],
    [
      'note',
      (hidden) =>
        subject.call('POST', '/api/operator/vehicles/audi-q7/blocks', {
          headers: admin,
          body: { start_date: dateFromToday(40), end_date: dateFromToday(41), reason: 'other', note: `Tyres${hidden}` },
        }),
      auditTotal,
    ],
  ];

  describe.each(Object.entries(HIDDEN))('with %s', (_, hidden) => {
    it.each(requests.map(([field, send, state], index) => [`${index + 1}: ${field}`, field, send, state] as const))(
      'refuses %s (400, naming the field) and changes nothing',
      async (_name, field, send, state) => {
        const before = await state();
        const refused = await send(hidden);
        expect([refused.status, refused.message]).toEqual([400, notPlainText(field)]);
        expect(JSON.stringify(refused.body)).not.toContain(JSON.stringify(hidden).slice(1, -1));
        expect(await state()).toEqual(before);
      },
    );
  });

  it('keeps ordinary spaces (inner ones too) and every script', async () => {
    const address = 'फ्लैट 4,  12 MG Road — Bengaluru 560001';
    const saved = await subject.call('PUT', '/api/operator/settings', {
      headers: admin,
      body: { ...KARNATAKA_BUSINESS, legal_name: 'Rentora  Mobility 😀', address },
    });
    expect(saved.status).toBe(200);
    expect(await settings()).toMatchObject({ legal_name: 'Rentora  Mobility 😀', address });
    const booked = await subject.call('POST', '/api/book-ride/bmw-x5', {
      headers: (await createUser(subject.app)).auth,
      body: bookingForm({
        name: 'Åsa  Nøkkel',
        address: 'ಮನೆ 7, Indiranagar',
        pick_up_date: dateFromToday(60),
        drop_off_date: dateFromToday(61),
      }),
    });
    expect([booked.status, booked.message]).toEqual([201, expect.any(String)]);
  });
});
