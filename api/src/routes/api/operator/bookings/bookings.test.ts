import type { User } from '@rentora/shared';
import type { BookingList, OperatorBooking, RentalStage, StageChange } from '@rentora/shared/operator';
import { STAFF_ONLY } from '../../../../plugins/app/auth';
import { RENTAL_STARTED } from '../../../../services/booking';
import { NO_SUCH_BOOKING, illegalStageMove, tooEarly } from '../../../../services/stages';
import { describeEachEngine } from '../../../../testing/describe-engines';
import { bookingForm, createStaff, createUser, dateFromToday } from '../../../../testing/test-app';

jest.setTimeout(60_000);

describeEachEngine('operator bookings on %s', (subject) => {
  let auth: { authorization: string };
  let operatorEmail: string;
  beforeAll(async () => {
    const operator = await createStaff(subject.app, 'operator');
    auth = operator.auth;
    operatorEmail = operator.email;
  });

  /** A rental inserted as it would be booked, on any days (past ones too), at a stage. */
  async function rental(car: string, start: number, end: number, stage: RentalStage = 'confirmed') {
    const rider = await createUser(subject.app);
    const { id: vehicleId, price_per_day: price } = await subject.app.db
      .selectFrom('vehicles')
      .select(['id', 'price_per_day'])
      .where('slug', '=', car)
      .executeTakeFirstOrThrow();
    const days = end - start + 1;
    const { id } = await subject.app.db
      .insertInto('rentals')
      .values({
        ...bookingForm({ pick_up_date: dateFromToday(start), drop_off_date: dateFromToday(end) }),
        age: 30,
        user_id: rider.id,
        vehicle_id: vehicleId,
        days,
        total_price: days * price,
        stage,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, rider };
  }
  const move = (id: number, to: string, reason?: string) =>
    subject.call('POST', `/api/operator/bookings/${id}/stage`, { headers: auth, body: { to, reason } });
  const list = async (query: string) =>
    (await subject.call('GET', `/api/operator/bookings?${query}`, { headers: auth })).body as BookingList;
  const statusSeenBy = async (rider: { auth: { authorization: string } }) =>
    ((await subject.call('GET', '/api/user', { headers: rider.auth })).body as User).cars_rented.map(
      (item) => item.status,
    );

  it.each([
    ['GET', '/api/operator/bookings'],
    ['GET', '/api/operator/bookings/1/history'],
    ['POST', '/api/operator/bookings/1/stage'],
  ])('answers %s %s 401 without a token and 403 for a customer', async (method, url) => {
    const body = method === 'POST' ? { to: 'cancelled' } : undefined;
    expect((await subject.call(method, url, { body })).status).toBe(401);
    const rider = await createUser(subject.app);
    const answer = await subject.call(method, url, { headers: rider.auth, body });
    expect([answer.status, answer.message]).toEqual([403, STAFF_ONLY]);
  });

  it('lists rentals with the car, the customer and the stage, filtered, sorted and paged', async () => {
    const first = await rental('rolls-royce-ghost', 3, 5);
    await rental('rolls-royce-ghost', 10, 12, 'cancelled');
    await rental('ferrari-roma', 4, 4);
    const page = await list('vehicle=rolls-royce-ghost');
    expect(page.total).toBe(2);
    expect(page.items[0]).toEqual({
      id: first.id,
      vehicle_id: 'rolls-royce-ghost',
      car_name: 'Rolls-Royce Ghost',
      location: expect.any(String),
      customer_name: 'Test Rider',
      customer_email: first.rider.email,
      pick_up_date: dateFromToday(3),
      drop_off_date: dateFromToday(5),
      days: 3,
      total_price: expect.any(Number),
      stage: 'confirmed',
      created_at: expect.stringMatching(/Z$/),
      // The seeded car asks no deposit and sets no kilometre allowance.
      deposit_paise: 0,
      km_included: 0,
      // Online payment is off: no hold, nothing paid yet, the whole total due.
      hold_expires_at: null,
      payments: [],
      paid_paise: 0,
      due_paise: expect.any(Number),
    });
    // Rupees booked before money was kept in paise: the same sum, all of it due.
    expect(page.items[0]?.due_paise).toBe((page.items[0]?.total_price ?? 0) * 100);
    expect((await list('vehicle=rolls-royce-ghost&stage=cancelled')).items.map((item) => item.pick_up_date)).toEqual([
      dateFromToday(10),
    ]);
    expect(
      (await list(`customer=${first.rider.email.slice(0, 10).toUpperCase()}`)).items.map((item) => item.id),
    ).toEqual([first.id]);
    expect((await list(`pick_up_date=${dateFromToday(4)}`)).items.map((item) => item.vehicle_id)).toEqual([
      'ferrari-roma',
    ]);
    expect((await list(`drop_off_date=${dateFromToday(5)}`)).items.map((item) => item.id)).toEqual([first.id]);
    // A window keeps the rentals with a day inside it.
    const window = await list(`from=${dateFromToday(5)}&to=${dateFromToday(10)}&sort=pick_up_date&order=desc`);
    expect(window.items.map((item) => item.pick_up_date)).toEqual([dateFromToday(10), dateFromToday(3)]);
    const location = page.items[0]?.location ?? '';
    expect(
      (await list(`location=${encodeURIComponent(location.toUpperCase())}`)).items.every(
        (item) => item.location === location,
      ),
    ).toBe(true);

    const everything = await list('per_page=100&sort=id');
    const second = await list('per_page=1&page=2&sort=id');
    expect(second.items.map((item) => item.id)).toEqual(everything.items.slice(1, 2).map((item) => item.id));
    expect(second.total).toBe(everything.total);
    for (const bad of ['stage=lost', 'from=tomorrow', 'per_page=0', 'sort=customer_email', 'page=x']) {
      const answer = await subject.call('GET', `/api/operator/bookings?${bad}`, { headers: auth });
      expect([bad, answer.status]).toEqual([bad, 400]);
    }
  });

  it('makes every allowed move, keeping each in the history with who and why, and the customer sees the SPEC status', async () => {
    const started = await rental('mahindra-thar', 0, 2);
    expect(await statusSeenBy(started.rider)).toEqual(['active']);
    const pickedUp = await move(started.id, 'picked_up', 'Keys handed over');
    expect(pickedUp.body).toMatchObject({ id: started.id, stage: 'picked_up' });
    expect(await statusSeenBy(started.rider)).toEqual(['in_progress']);
    const cancel = await subject.call('POST', '/api/cancel-ride/mahindra-thar', { headers: started.rider.auth });
    expect([cancel.status, cancel.message]).toEqual([409, RENTAL_STARTED]);
    expect((await move(started.id, 'completed')).body).toMatchObject({ stage: 'completed' });
    expect(await statusSeenBy(started.rider)).toEqual(['expired']);
    const history = await subject.call('GET', `/api/operator/bookings/${started.id}/history`, { headers: auth });
    expect(history.body).toEqual([
      {
        from: 'confirmed',
        to: 'picked_up',
        at: expect.stringMatching(/Z$/),
        by: operatorEmail,
        reason: 'Keys handed over',
      },
      { from: 'picked_up', to: 'completed', at: expect.stringMatching(/Z$/), by: operatorEmail, reason: '' },
    ] satisfies StageChange[]);

    const missed = await rental('toyota-fortuner', -1, 1);
    expect((await move(missed.id, 'no_show', 'Did not come')).body).toMatchObject({ stage: 'no_show' });
    expect(await statusSeenBy(missed.rider)).toEqual(['expired']);

    const dropped = await rental('kia-carnival', 5, 6);
    expect((await move(dropped.id, 'cancelled', 'Customer called')).body).toMatchObject({ stage: 'cancelled' });
    expect(await statusSeenBy(dropped.rider)).toEqual(['cancelled']);

    const admin = await createStaff(subject.app, 'admin');
    const audit = await subject.call('GET', '/api/operator/audit', { headers: admin.auth });
    expect((audit.body as { items: unknown[] }).items.slice(0, 1)).toEqual([
      expect.objectContaining({
        actor: operatorEmail,
        action: 'booking.stage_changed',
        subject: `booking:${dropped.id}`,
        before: { stage: 'confirmed' },
        after: { stage: 'cancelled', reason: 'Customer called' },
      }),
    ]);

    // A confirmed rental whose days have passed reads as expired to its customer.
    const past = await rental('kia-seltos', -5, -3);
    expect(await statusSeenBy(past.rider)).toEqual(['expired']);
  });

  it('refuses every other move with 409 and a message, and early pick-ups and no-shows', async () => {
    const allStages: RentalStage[] = ['confirmed', 'picked_up', 'completed', 'cancelled', 'no_show'];
    const allowed: Record<RentalStage, RentalStage[]> = {
      confirmed: ['picked_up', 'cancelled', 'no_show'],
      picked_up: ['completed'],
      completed: [],
      cancelled: [],
      no_show: [],
    };
    let day = 0;
    for (const from of allStages) {
      for (const to of allStages.filter((stage) => !allowed[from].includes(stage))) {
        day += 2;
        const { id } = await rental('mercedes-benz-glc', -day, -day + 1, from);
        const answer = await move(id, to);
        expect([from, to, answer.status, answer.message]).toEqual([from, to, 409, illegalStageMove(from, to)]);
      }
    }
    const future = await rental('mercedes-benz-glc', 20, 21);
    for (const to of ['picked_up', 'no_show'] as const) {
      const answer = await move(future.id, to);
      expect([answer.status, answer.message]).toEqual([409, tooEarly(to, dateFromToday(20))]);
    }
    const unknown = await move(999_999, 'cancelled');
    expect([unknown.status, unknown.message]).toEqual([404, NO_SUCH_BOOKING]);
    expect((await move(future.id, 'lost')).status).toBe(400);
  });

  it('frees the days of a cancelled, completed or no-show rental on the public calendar at once', async () => {
    const held = await rental('lexus-rx', 0, 3);
    const booked = async () =>
      ((await subject.call('GET', '/api/vehicles/lexus-rx')).body as { booked: unknown[] }).booked.length;
    expect(await booked()).toBe(1);
    await move(held.id, 'picked_up');
    expect(await booked()).toBe(1);
    await move(held.id, 'completed');
    expect(await booked()).toBe(0);
    const rider = await createUser(subject.app);
    const again = await subject.call('POST', '/api/book-ride/lexus-rx', {
      headers: rider.auth,
      body: bookingForm({ pick_up_date: dateFromToday(1), drop_off_date: dateFromToday(2) }),
    });
    expect(again.status).toBe(201);
  });

  it('counts confirmed and picked-up rentals toward the cap of 3, not completed ones', async () => {
    const rider = await createUser(subject.app);
    const book = (car: string, start: number) =>
      subject.call('POST', `/api/book-ride/${car}`, {
        headers: rider.auth,
        body: bookingForm({ pick_up_date: dateFromToday(start), drop_off_date: dateFromToday(start) }),
      });
    expect((await book('audi-q7', 0)).status).toBe(201);
    expect((await book('bmw-3-series', 150)).status).toBe(201);
    expect((await book('bmw-7-series', 151)).status).toBe(201);
    const [first] = (await list(`customer=${rider.email}&sort=pick_up_date`)).items as [OperatorBooking];
    await move(first.id, 'picked_up');
    expect((await book('audi-a8', 152)).status).toBe(409);
    await move(first.id, 'completed');
    expect((await book('audi-a8', 152)).status).toBe(201);
  });
});
