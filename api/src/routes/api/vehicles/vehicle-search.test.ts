import type { Vehicle } from '@rentora/shared';
import { CompiledQuery } from 'kysely';
import { searchVehicleQuery } from '../../../repositories/vehicles';
import { bookingForm, createUser, dateFromToday } from '../../../testing/test-app';
import { describeEachEngine } from '../../../testing/describe-engines';

jest.setTimeout(30_000);

describeEachEngine('searching the fleet on %s', (subject, engine) => {
  let fleet: Vehicle[];
  const slugsOf = (body: unknown) => (body as Vehicle[]).map((vehicle) => vehicle._id);
  const search = (query: string) => subject.call('GET', `/api/vehicles?${query}`);
  const idOf = (slug: string) => fleet.find((vehicle) => vehicle._id === slug)?.id ?? 0;

  // The searched range is days 20..22; each car below holds one rental around it.
  const PICK_UP = dateFromToday(20);
  const DROP_OFF = dateFromToday(22);
  const dated = `pick_up_date=${PICK_UP}&drop_off_date=${DROP_OFF}`;

  beforeAll(async () => {
    fleet = (await subject.call('GET', '/api/vehicles')).body as Vehicle[];
    const rider = await createUser(subject.app);
    const rental = (slug: string, pick: number, drop: number, stage: 'confirmed' | 'cancelled' = 'confirmed') => ({
      ...bookingForm(),
      age: 30,
      user_id: rider.id,
      vehicle_id: idOf(slug),
      pick_up_date: dateFromToday(pick),
      drop_off_date: dateFromToday(drop),
      days: drop - pick + 1,
      total_price: 1000,
      stage,
    });
    await subject.app.db
      .insertInto('rentals')
      .values([
        rental('lamborghini-huracan', 15, 20), // ends on the pick-up day: clashes
        rental('bmw-x5', 22, 25), // starts on the drop-off day: clashes
        rental('audi-q7', 21, 21), // inside the range: clashes
        rental('porsche-panamera', 10, 30), // covers the range: clashes
        rental('kia-seltos', 20, 22, 'cancelled'), // cancelled: frees its days
        rental('hyundai-creta', 15, 19), // ends the day before: free
        rental('volvo-s90', 23, 26), // starts the day after: free
        // Several rentals of one car: only the first live one ending on or after day 20 decides.
        rental('lexus-ls', 5, 8),
        rental('lexus-ls', 23, 24),
        rental('lexus-ls', 40, 45), // free between its rentals
        rental('jaguar-xf', 19, 21, 'cancelled'),
        rental('jaguar-xf', 25, 28), // a cancelled clash, then a live rental later: free
        rental('audi-a8', 19, 21, 'cancelled'),
        rental('audi-a8', 22, 24), // a cancelled clash, then a live one on the drop-off day: clashes
        rental('toyota-camry', 1, 3),
        rental('toyota-camry', 12, 19),
        rental('toyota-camry', 20, 20), // two before, then one on the pick-up day: clashes
      ])
      .execute();
  });

  it('answers the whole fleet, byte for byte, when nothing is asked', async () => {
    const plain = await subject.call('GET', '/api/vehicles');
    const emptyCity = await search('location=');
    expect(JSON.stringify(emptyCity.body)).toBe(JSON.stringify(plain.body));
    expect(JSON.stringify(plain.body)).toBe((await subject.app.fleet.current()).list.bodies.identity.toString());
  });

  it('picks one city, ignoring letter case and surrounding spaces, out-of-service cars included', async () => {
    const inMumbai = fleet.filter((vehicle) => vehicle.location === 'Mumbai').map((vehicle) => vehicle._id);
    expect(inMumbai.length).toBeGreaterThan(1);
    for (const city of ['Mumbai', 'mumbai', 'MUMBAI', '%20Mumbai%20']) {
      const response = await search(`location=${city}`);
      expect(response.status).toBe(200);
      expect(slugsOf(response.body)).toEqual(inMumbai);
    }
    expect((await search('location=Mumbai')).body).toContainEqual(expect.objectContaining({ availability: false }));
    expect((await search('location=Atlantis')).body).toEqual([]);
  });

  it('lists only cars in service with no active rental on any day of the range, edges included', async () => {
    const response = await search(dated);
    expect(response.status).toBe(200);
    const found = slugsOf(response.body);
    const busyCars = ['lamborghini-huracan', 'bmw-x5', 'audi-q7', 'porsche-panamera', 'audi-a8', 'toyota-camry'];
    for (const busy of busyCars) expect(found).not.toContain(busy);
    for (const free of ['kia-seltos', 'hyundai-creta', 'volvo-s90', 'lexus-ls', 'jaguar-xf'])
      expect(found).toContain(free);
    const outOfService = fleet.filter((vehicle) => !vehicle.availability).map((vehicle) => vehicle._id);
    expect(outOfService).toHaveLength(3);
    for (const slug of outOfService) expect(found).not.toContain(slug);
    expect(found).toHaveLength(fleet.length - busyCars.length - 3);
    expect((response.body as Vehicle[]).map((vehicle) => vehicle.id)).toEqual(
      [...(response.body as Vehicle[])].map((vehicle) => vehicle.id).sort((a, b) => a - b),
    );
  });

  it('combines a city with a range', async () => {
    const goa = fleet.filter((vehicle) => vehicle.location === 'Goa');
    const booked = goa[0];
    if (booked === undefined) throw new Error('the fleet has no car in Goa');
    const rider = await createUser(subject.app);
    await subject.app.db
      .insertInto('rentals')
      .values({
        ...bookingForm(),
        age: 30,
        user_id: rider.id,
        vehicle_id: booked.id,
        pick_up_date: dateFromToday(40),
        drop_off_date: dateFromToday(42),
        days: 3,
        total_price: 1000,
        stage: 'confirmed',
      })
      .execute();
    const response = await search(`location=goa&pick_up_date=${dateFromToday(42)}&drop_off_date=${dateFromToday(44)}`);
    expect(response.status).toBe(200);
    expect(slugsOf(response.body)).toEqual(goa.slice(1).map((vehicle) => vehicle._id));
    const later = await search(`location=goa&pick_up_date=${dateFromToday(43)}&drop_off_date=${dateFromToday(44)}`);
    expect(slugsOf(later.body)).toEqual(goa.map((vehicle) => vehicle._id));
  });

  it.each([
    [
      'only a pick-up date',
      `pick_up_date=${dateFromToday(3)}`,
      'Give both pick_up_date and drop_off_date, or neither.',
    ],
    [
      'only a drop-off date',
      `drop_off_date=${dateFromToday(3)}`,
      'Give both pick_up_date and drop_off_date, or neither.',
    ],
    [
      'a malformed pick-up date',
      `pick_up_date=12/12/2026&drop_off_date=${dateFromToday(3)}`,
      'pick_up_date must be a real date written YYYY-MM-DD.',
    ],
    [
      'a drop-off date that is no real day',
      `pick_up_date=${dateFromToday(3)}&drop_off_date=2027-02-30`,
      'drop_off_date must be a real date written YYYY-MM-DD.',
    ],
    [
      'a drop-off before the pick-up',
      `pick_up_date=${dateFromToday(5)}&drop_off_date=${dateFromToday(4)}`,
      'Drop-off must be on or after pick-up.',
    ],
    [
      'a pick-up in the past',
      `pick_up_date=${dateFromToday(-1)}&drop_off_date=${dateFromToday(2)}`,
      'Pick-up cannot be in the past.',
    ],
    [
      'a range longer than 30 days',
      `pick_up_date=${dateFromToday(1)}&drop_off_date=${dateFromToday(31)}`,
      'A rental can last at most 30 days.',
    ],
    [
      'a pick-up more than 180 days ahead',
      `pick_up_date=${dateFromToday(181)}&drop_off_date=${dateFromToday(182)}`,
      'Pick-up must be within the next 180 days.',
    ],
    [
      'an overlong city',
      `location=${'x'.repeat(101)}`,
      'Give each search parameter once and keep it short: a city, and dates as YYYY-MM-DD.',
    ],
    [
      'a city given twice',
      'location=Goa&location=Pune',
      'Give each search parameter once and keep it short: a city, and dates as YYYY-MM-DD.',
    ],
  ])('answers 400 with a clear message for %s', async (_, query, message) => {
    const response = await search(query);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it('accepts the edges of the limits: today, 30 days, 180 days ahead', async () => {
    expect((await search(`pick_up_date=${dateFromToday(0)}&drop_off_date=${dateFromToday(29)}`)).status).toBe(200);
    expect((await search(`pick_up_date=${dateFromToday(180)}&drop_off_date=${dateFromToday(180)}`)).status).toBe(200);
  });

  it('describes the parameters in the OpenAPI document', async () => {
    const document = (await subject.call('GET', '/api/openapi.json')).body as {
      paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
    };
    const parameters = document.paths['/api/vehicles']?.get?.parameters ?? [];
    expect(parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name)).toEqual([
      'location',
      'pick_up_date',
      'drop_off_date',
    ]);
  });

  if (engine === 'sqlite') {
    it('answers a dated search with one query that seeks the rentals index once per car', async () => {
      const { sql: text, parameters } = searchVehicleQuery(subject.app.db, {
        range: { pick_up_date: PICK_UP, drop_off_date: DROP_OFF },
      }).compile();
      const plan = await subject.app.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
      );
      expect(plan.rows.map((row) => row.detail).join('\n')).toMatch(/rentals USING INDEX rentals_vehicle_dates/);
    });
  }
});
