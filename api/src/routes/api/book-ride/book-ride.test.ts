import type { BookingForm, User, VehicleDetail } from '@rentora/shared';
import { formatDisplayDate } from '@rentora/shared/format';
import type { AuditPage, BookingList } from '@rentora/shared/operator';
import { MESSAGES } from '@rentora/shared/rules';
import { sql } from 'kysely';
import { isOverlapViolation } from '../../../db/violations';
import { pruneExpiredKeys } from '../../../repositories/idempotency';
import { CANCELLED_BY_CUSTOMER } from '../../../services/booking';
import { bookingForm, createStaff, createUser, dateFromToday } from '../../../testing/test-app';
import { describeEachEngine } from '../../../testing/describe-engines';

// Whole-app tests with scrypt hashing and fresh databases: slow on a busy 2-core machine.
jest.setTimeout(30_000);

describeEachEngine('booking and cancelling on %s', (subject, engine) => {
  const book = (carId: string, headers: Record<string, string>, body: unknown = bookingForm()) =>
    subject.call('POST', `/api/book-ride/${carId}`, { headers, body });
  const cancel = (carId: string, headers: Record<string, string>) =>
    subject.call('POST', `/api/cancel-ride/${carId}`, { headers });

  it('books with 201 and a message naming the car, dates, days and total', async () => {
    const rider = await createUser(subject.app);
    const dates = { pick_up_date: dateFromToday(170), drop_off_date: dateFromToday(172) };
    const form = bookingForm(dates);
    const response = await book('mercedes-benz-s-class', rider.auth, form);
    expect(response.status).toBe(201);
    const [from, to] = [formatDisplayDate(dates.pick_up_date), formatDisplayDate(dates.drop_off_date)];
    expect(response.body).toEqual({
      message: `Mercedes Benz S Class is booked from ${from} to ${to}: 3 days, ₹75,000 in total.`,
    });

    const detail = (await subject.call('GET', '/api/vehicles/mercedes-benz-s-class')).body as VehicleDetail;
    expect(detail.booked).toEqual([dates]);
    const user = (await subject.call('GET', '/api/user', { headers: rider.auth })).body as User;
    expect(user.cars_rented).toEqual([
      {
        car: {
          _id: 'mercedes-benz-s-class',
          image_url: expect.stringContaining('pexels'),
          brand_name: 'Mercedes Benz',
          car_name: 'Mercedes Benz S Class',
        },
        ...dates,
        status: 'active',
        days: 3,
        total_price: 75000,
      },
    ]);
  });

  it('accepts age as a JSON number and a pick-up today, one day in the singular', async () => {
    const rider = await createUser(subject.app);
    const today = dateFromToday(0);
    const response = await book('kia-seltos', rider.auth, {
      ...bookingForm({ pick_up_date: today, drop_off_date: today }),
      age: 41,
    });
    expect(response.status).toBe(201);
    expect(response.message).toMatch(/: 1 day, ₹12,000 in total\.$/);
  });

  it.each([
    { name: ' ' },
    { age: '0' },
    { age: '120' },
    { age: 'old' },
    { email: 'asha at example.com' },
    { phone_no: '98765' },
    { phone_no: '98765432100' },
    { address: '' },
    { pincode: '56000' },
    { pick_up_date: '' },
    { pick_up_date: '2099-02-30' },
    { pick_up_date: dateFromToday(-1), drop_off_date: dateFromToday(2) },
    { pick_up_date: dateFromToday(5), drop_off_date: dateFromToday(4) },
  ])('answers 400 with the product message for %j', async (overrides) => {
    const rider = await createUser(subject.app);
    const response = await book('audi-q7', rider.auth, bookingForm(overrides));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: MESSAGES.invalidBookingForm });
  });

  it.each([
    [{ pick_up_date: dateFromToday(10), drop_off_date: dateFromToday(40) }, 'A rental can last at most 30 days.'],
    [{ pick_up_date: dateFromToday(10), drop_off_date: '9999-12-31' }, 'A rental can last at most 30 days.'],
    [
      { pick_up_date: dateFromToday(181), drop_off_date: dateFromToday(182) },
      'Pick-up must be within the next 180 days.',
    ],
  ])('answers 400 naming the broken limit for %j', async (dates, message) => {
    const rider = await createUser(subject.app);
    const response = await book('audi-q7', rider.auth, bookingForm(dates));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it('books the longest rental (30 days) and the furthest pick-up (180 days ahead)', async () => {
    const rider = await createUser(subject.app);
    const longest = await book(
      'bmw-x1',
      rider.auth,
      bookingForm({ pick_up_date: dateFromToday(1), drop_off_date: dateFromToday(30) }),
    );
    expect(longest.status).toBe(201);
    expect(longest.message).toMatch(/: 30 days, /);
    const furthest = bookingForm({ pick_up_date: dateFromToday(180), drop_off_date: dateFromToday(180) });
    expect((await book('toyota-camry', rider.auth, furthest)).status).toBe(201);
  });

  it('answers 400 for a missing field or a wrong type, and 401 without a token', async () => {
    const rider = await createUser(subject.app);
    const withoutPincode: Partial<BookingForm> = bookingForm();
    delete withoutPincode.pincode;
    expect((await book('audi-q7', rider.auth, withoutPincode)).message).toBe(MESSAGES.invalidBookingForm);
    expect((await book('audi-q7', rider.auth, { ...bookingForm(), phone_no: 9876543210 })).status).toBe(400);
    expect((await book('audi-q7', {}, bookingForm())).status).toBe(401);
    expect((await cancel('audi-q7', {})).status).toBe(401);
  });

  it('answers 404 for an unknown car and 409 for a car out of service', async () => {
    const rider = await createUser(subject.app);
    const unknown = await book('no-such-car', rider.auth);
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('This car does not exist.');
    const retired = await book('ferrari-488', rider.auth);
    expect(retired.status).toBe(409);
    expect(retired.message).toMatch(/out of service/);
  });

  it('answers 409 naming the taken dates when the car is booked, and when the user already rents it', async () => {
    const first = await createUser(subject.app);
    const second = await createUser(subject.app);
    const taken = { pick_up_date: dateFromToday(20), drop_off_date: dateFromToday(25) };
    expect((await book('bmw-7-series', first.auth, bookingForm(taken))).status).toBe(201);

    const clash = await book(
      'bmw-7-series',
      second.auth,
      bookingForm({ pick_up_date: dateFromToday(25), drop_off_date: dateFromToday(27) }),
    );
    expect(clash.status).toBe(409);
    const display = (iso: string) => iso.split('-').reverse().join('/');
    expect(clash.message).toBe(
      `This car is already booked from ${display(taken.pick_up_date)} to ${display(taken.drop_off_date)}. Please choose other dates.`,
    );

    const twice = await book(
      'bmw-7-series',
      first.auth,
      bookingForm({ pick_up_date: dateFromToday(40), drop_off_date: dateFromToday(41) }),
    );
    expect(twice.status).toBe(409);
    expect(twice.message).toMatch(/already have an active rental/);

    // The day after the taken range is free.
    const after = await book(
      'bmw-7-series',
      second.auth,
      bookingForm({ pick_up_date: dateFromToday(26), drop_off_date: dateFromToday(26) }),
    );
    expect(after.status).toBe(201);
  });

  it('replays the first answer for a retried Idempotency-Key and refuses the key for another request', async () => {
    const rider = await createUser(subject.app);
    const headers = { ...rider.auth, 'idempotency-key': 'retry-me-1' };
    const form = bookingForm({ pick_up_date: dateFromToday(30), drop_off_date: dateFromToday(31) });
    const first = await book('volvo-xc90', headers, form);
    const retry = await book('volvo-xc90', headers, form);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    const user = (await subject.call('GET', '/api/user', { headers: rider.auth })).body as User;
    expect(user.cars_rented).toHaveLength(1);

    const reused = await book('volvo-xc90', headers, { ...form, drop_off_date: dateFromToday(32) });
    expect(reused.status).toBe(422);
    // Another user's identical key is their own.
    const other = await createUser(subject.app);
    expect((await book('lexus-ls', { ...other.auth, 'idempotency-key': 'retry-me-1' }, form)).status).toBe(201);
  });

  it('forgets an Idempotency-Key after 24 hours and prunes expired keys', async () => {
    const rider = await createUser(subject.app);
    const headers = { ...rider.auth, 'idempotency-key': 'a-day-old' };
    const form = bookingForm({ pick_up_date: dateFromToday(140), drop_off_date: dateFromToday(141) });
    expect((await book('volvo-s90', headers, form)).status).toBe(201);
    expect((await book('jaguar-xe', headers, form)).status).toBe(422);

    const keysOf = (userId: number) =>
      subject.app.db.selectFrom('idempotency_keys').select('key').where('user_id', '=', userId).execute();
    const age = (userId: number) =>
      sql`update idempotency_keys set created_at = ${
        engine === 'postgres' ? sql`now() - interval '25 hours'` : sql`datetime('now', '-25 hours')`
      } where user_id = ${userId}`.execute(subject.app.db);

    await age(rider.id);
    // The expired key books anew, and storing it pruned the old row.
    expect((await book('jaguar-xe', headers, form)).status).toBe(201);
    expect(await keysOf(rider.id)).toEqual([{ key: 'a-day-old' }]);
    expect((await book('jaguar-xe', headers, form)).status).toBe(201);

    // A user who never books again: the sweep deletes their expired key.
    const idle = await createUser(subject.app);
    const idleForm = bookingForm({ pick_up_date: dateFromToday(143), drop_off_date: dateFromToday(143) });
    expect((await book('volvo-s90', { ...idle.auth, 'idempotency-key': 'idle' }, idleForm)).status).toBe(201);
    expect(await pruneExpiredKeys(subject.app.db, engine)).toBe(0);
    await age(idle.id);
    expect(await pruneExpiredKeys(subject.app.db, engine)).toBeGreaterThanOrEqual(1);
    expect(await keysOf(idle.id)).toEqual([]);
  });

  it('books once when the same Idempotency-Key arrives ten times at once', async () => {
    const rider = await createUser(subject.app);
    const headers = { ...rider.auth, 'idempotency-key': 'double-click' };
    const form = bookingForm({ pick_up_date: dateFromToday(70), drop_off_date: dateFromToday(71) });
    const answers = await Promise.all(Array.from({ length: 10 }, () => book('porsche-panamera', headers, form)));
    expect(new Set(answers.map((answer) => `${answer.status} ${answer.message}`)).size).toBe(1);
    expect(answers[0]?.status).toBe(201);
    const user = (await subject.call('GET', '/api/user', { headers: rider.auth })).body as User;
    expect(user.cars_rented).toHaveLength(1);
  });

  it('cancels the caller’s current rental (200), then 404; another user can neither cancel nor see it', async () => {
    const owner = await createUser(subject.app);
    const intruder = await createUser(subject.app);
    const form = bookingForm({ pick_up_date: dateFromToday(50), drop_off_date: dateFromToday(52) });
    expect((await book('maserati-granturismo', owner.auth, form)).status).toBe(201);

    const stolen = await cancel('maserati-granturismo', intruder.auth);
    expect(stolen.status).toBe(404);
    expect(((await subject.call('GET', '/api/user', { headers: intruder.auth })).body as User).cars_rented).toEqual([]);

    const cancelled = await cancel('maserati-granturismo', owner.auth);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ message: 'Rental cancelled successfully!' });
    expect((await cancel('maserati-granturismo', owner.auth)).status).toBe(404);
    expect((await cancel('no-such-car', owner.auth)).status).toBe(404);

    const rentals = ((await subject.call('GET', '/api/user', { headers: owner.auth })).body as User).cars_rented;
    expect(rentals.map((rental) => rental.status)).toEqual(['cancelled']);
    // Cancelled dates are free again, and the owner may book the car anew.
    expect((await book('maserati-granturismo', intruder.auth, form)).status).toBe(201);
  });

  it('writes the customer’s own cancellation to the audit, as the customer, like an operator’s stage move', async () => {
    const admin = await createStaff(subject.app, 'admin');
    const rider = await createUser(subject.app);
    const form = bookingForm({ pick_up_date: dateFromToday(54), drop_off_date: dateFromToday(55) });
    expect((await book('maserati-granturismo', rider.auth, form)).status).toBe(201);
    const bookings = await subject.call('GET', `/api/operator/bookings?customer=${rider.email}`, {
      headers: admin.auth,
    });
    const [rental] = (bookings.body as BookingList).items;

    expect((await cancel('maserati-granturismo', rider.auth)).status).toBe(200);
    const audit = (await subject.call('GET', '/api/operator/audit', { headers: admin.auth })).body as AuditPage;
    expect(audit.items.slice(0, 1)).toEqual([
      expect.objectContaining({
        actor: rider.email,
        action: 'booking.stage_changed',
        subject: `booking:${rental?.id}`,
        created_at: expect.stringMatching(/Z$/),
        before: { stage: 'confirmed' },
        after: { stage: 'cancelled', reason: CANCELLED_BY_CUSTOMER },
      }),
    ]);
    // A refused cancellation changes nothing, so it writes nothing.
    expect((await cancel('maserati-granturismo', rider.auth)).status).toBe(404);
    const after = (await subject.call('GET', '/api/operator/audit', { headers: admin.auth })).body as AuditPage;
    expect(after.total).toBe(audit.total);
  });

  it('derives expired for a past rental, keeps cancelled, lists oldest first, and never cancels an ended rental', async () => {
    const rider = await createUser(subject.app);
    const { id: vehicleId } = await subject.app.db
      .selectFrom('vehicles')
      .select('id')
      .where('slug', '=', 'honda-accord')
      .executeTakeFirstOrThrow();
    const past = (pick: number, drop: number, stage: 'confirmed' | 'cancelled') => ({
      ...bookingForm(),
      age: 30,
      user_id: rider.id,
      vehicle_id: vehicleId,
      pick_up_date: dateFromToday(pick),
      drop_off_date: dateFromToday(drop),
      days: drop - pick + 1,
      total_price: (drop - pick + 1) * 14000,
      stage,
    });
    await subject.app.db
      .insertInto('rentals')
      .values([past(-20, -18, 'confirmed'), past(-10, -9, 'cancelled')])
      .execute();
    expect((await cancel('honda-accord', rider.auth)).status).toBe(404);
    expect((await book('honda-accord', rider.auth)).status).toBe(201);

    const rentals = ((await subject.call('GET', '/api/user', { headers: rider.auth })).body as User).cars_rented;
    expect(rentals.map((rental) => rental.status)).toEqual(['expired', 'cancelled', 'active']);
    const detail = (await subject.call('GET', '/api/vehicles/honda-accord')).body as VehicleDetail;
    expect(detail.booked).toHaveLength(1);
  });

  it('lets the database itself refuse an overlapping rental that skips the app checks', async () => {
    const rider = await createUser(subject.app);
    const row = {
      ...bookingForm(),
      age: 30,
      user_id: rider.id,
      vehicle_id: 30,
      pick_up_date: dateFromToday(60),
      drop_off_date: dateFromToday(62),
      days: 3,
      total_price: 45000,
      stage: 'confirmed' as const,
    };
    await subject.app.db.insertInto('rentals').values(row).execute();
    const overlapping = subject.app.db
      .insertInto('rentals')
      .values({ ...row, pick_up_date: dateFromToday(62), drop_off_date: dateFromToday(63), days: 2 })
      .execute();
    // Driver errors come from another realm than Jest's, so check them by their codes, as the app does.
    const error: unknown = await overlapping.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(isOverlapViolation(error)).toBe(true);
    await subject.app.db
      .insertInto('rentals')
      .values({
        ...row,
        pick_up_date: dateFromToday(61),
        drop_off_date: dateFromToday(61),
        days: 1,
        stage: 'cancelled',
      })
      .execute();
  });

  describe('one account holds at most 3 upcoming or running rentals', () => {
    const LIMIT = { status: 409, message: MESSAGES.rentalLimit };
    // Days of their own, so no other test's bookings of these cars clash with them.
    const on = (day: number) =>
      bookingForm({ pick_up_date: dateFromToday(day), drop_off_date: dateFromToday(day + 1) });
    const answerOf = ({ status, message }: { status: number; message: string }) => ({ status, message });

    it('refuses the 4th with 409, and takes another once one is cancelled', async () => {
      const rider = await createUser(subject.app);
      for (const car of ['audi-a4', 'bmw-x1', 'jaguar-xe'])
        expect((await book(car, rider.auth, on(110))).status).toBe(201);
      expect(answerOf(await book('hyundai-tucson', rider.auth, on(110)))).toEqual(LIMIT);
      expect((await cancel('bmw-x1', rider.auth)).status).toBe(200);
      expect((await book('hyundai-tucson', rider.auth, on(110))).status).toBe(201);
      expect(answerOf(await book('bmw-x1', rider.auth, on(113)))).toEqual(LIMIT);
    });

    it('counts a rental running today, but not an ended or a cancelled one', async () => {
      const rider = await createUser(subject.app);
      const idOf = async (slug: string) =>
        (await subject.app.db.selectFrom('vehicles').select('id').where('slug', '=', slug).executeTakeFirstOrThrow())
          .id;
      const rental = async (slug: string, pick: number, drop: number, stage: 'confirmed' | 'cancelled') => ({
        ...bookingForm(),
        age: 30,
        user_id: rider.id,
        vehicle_id: await idOf(slug),
        pick_up_date: dateFromToday(pick),
        drop_off_date: dateFromToday(drop),
        days: drop - pick + 1,
        total_price: 1000,
        stage,
      });
      await subject.app.db
        .insertInto('rentals')
        .values([
          await rental('audi-a4', -3, 2, 'confirmed'), // running: counts
          await rental('bmw-x1', -9, -1, 'confirmed'), // ended yesterday
          await rental('jaguar-xe', 4, 6, 'cancelled'),
          await rental('hyundai-tucson', -2, -2, 'cancelled'),
        ])
        .execute();
      expect((await book('bmw-x1', rider.auth, on(150))).status).toBe(201);
      expect((await book('jaguar-xe', rider.auth, on(150))).status).toBe(201);
      expect(answerOf(await book('hyundai-tucson', rider.auth, on(150)))).toEqual(LIMIT);
    });

    it('lets only 3 of 6 bookings sent at once through', async () => {
      const rider = await createUser(subject.app);
      const cars = ['audi-a4', 'bmw-x1', 'jaguar-xe', 'hyundai-tucson', 'kia-seltos', 'toyota-camry'];
      const answers = await Promise.all(cars.map((car) => book(car, rider.auth, on(160))));
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
      expect(answers.filter((answer) => answer.status === 409).map(answerOf)).toEqual([LIMIT, LIMIT, LIMIT]);
      const user = (await subject.call('GET', '/api/user', { headers: rider.auth })).body as User;
      expect(user.cars_rented).toHaveLength(3);
    });
  });
});
