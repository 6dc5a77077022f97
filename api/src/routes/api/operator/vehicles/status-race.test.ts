import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { SQLITE_FILE_NAME } from '../../../../db/connect';
import { OUT_OF_SERVICE } from '../../../../services/booking';
import { onTheRoadMessage, upcomingRentalsMessage } from '../../../../services/fleet-operations';
import { illegalStageMove } from '../../../../services/stages';
import { type ChildApi, startChildApi, stopChildApi } from '../../../../testing/child-api';
import { describeOnPostgres, describeOnSqlite } from '../../../../testing/describe-engines';
import { type TestApp, bookingForm, createStaff, createUser, dateFromToday } from '../../../../testing/test-app';
import { TEST_JWT_SECRET } from '../../../../testing/test-config';

jest.setTimeout(60_000);

const NO_SUCH_CAR = 'This car does not exist.';
/** What a booking gets once its car has left the road: 409 while it is out of service, 404 once retired. */
const BOOKING_REFUSED = {
  out_of_service: [409, OUT_OF_SERVICE],
  retired: [404, NO_SUCH_CAR],
} as const;
type OffTheRoad = keyof typeof BOOKING_REFUSED;

const rentalsOf = (subject: TestApp, userId: number) =>
  subject.app.db
    .selectFrom('rentals')
    .select(['id', 'pick_up_date', 'drop_off_date'])
    .where('user_id', '=', userId)
    .execute();

/**
 * A booking and a car leaving the road, a moment apart, on PostgreSQL. The test's own session
 * holds a lock the first request needs after it has read what it reads first; the second request
 * runs meanwhile; then the lock goes. So each order is placed, every time, as reconnect.test.ts
 * places its drops.
 */
describeOnPostgres('a booking and a car leaving the road, racing on PostgreSQL', (subject) => {
  let side: pg.Client;
  let operator: Awaited<ReturnType<typeof createStaff>>;
  beforeAll(async () => {
    side = new pg.Client({ connectionString: subject.config.databaseUrl });
    await side.connect();
    operator = await createStaff(subject.app, 'operator');
  });
  afterAll(() => side.end());

  /** Resolves once `count` of the app's connections wait for a lock (polling), or fails after 5 s. */
  const untilWaiting = async (count: number): Promise<void> => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      // The side session is in a transaction, which keeps one snapshot of the activity view until told to drop it.
      await side.query('select pg_stat_clear_snapshot()');
      const { rows } = await side.query<{ waiting: number }>(
        "select count(*)::int as waiting from pg_stat_activity where pid = any($1) and wait_event_type = 'Lock'",
        [[...(subject.app.dbOwnBackends ?? [])]],
      );
      if ((rows[0]?.waiting ?? 0) >= count) return;
      await sleep(25);
    }
    throw new Error(`${count} of the app's connections never waited for a lock`);
  };
  const move = (car: string, status: OffTheRoad | 'retired', extra: object = {}) =>
    subject.call('PATCH', `/api/operator/vehicles/${car}`, { headers: operator.auth, body: { status, ...extra } });

  it.each([
    ['out_of_service', 'porsche-panamera'],
    ['retired', 'honda-accord'],
  ] as const)(
    'the move to %s commits while the booking, its car already read, waits: the booking gets what it gets after the move',
    async (status, car) => {
      const rider = await createUser(subject.app);
      await side.query('begin');
      // The booking's transaction locks its user first: it waits here, after reading the car in service.
      await side.query('select id from users where id = $1 for update', [rider.id]);
      const booking = subject.call('POST', `/api/book-ride/${car}`, { headers: rider.auth, body: bookingForm() });
      await untilWaiting(1);
      const moved = await move(car, status);
      await side.query('rollback');

      expect([moved.status, (moved.body as { status?: string }).status]).toEqual([200, status]);
      const refused = await booking;
      expect([refused.status, refused.message]).toEqual(BOOKING_REFUSED[status]);
      expect(await rentalsOf(subject, rider.id)).toEqual([]);
    },
  );

  it.each([
    ['out_of_service', 'hyundai-tucson'],
    ['retired', 'nissan-kicks'],
  ] as const)(
    'the booking commits while the move to %s waits for the car: the move is refused, naming the new rental',
    async (status, car) => {
      const rider = await createUser(subject.app);
      await side.query('begin');
      // The booking holds its user and its car, and waits to insert its rental.
      await side.query('lock table rentals in exclusive mode');
      const booking = subject.call('POST', `/api/book-ride/${car}`, { headers: rider.auth, body: bookingForm() });
      await untilWaiting(1);
      const moving = move(car, status);
      await untilWaiting(2);
      await side.query('rollback');

      expect((await booking).status).toBe(201);
      const refused = await moving;
      const [rental] = await rentalsOf(subject, rider.id);
      expect(rental).toBeDefined();
      const upcoming = [{ ...(rental as NonNullable<typeof rental>), customer: 'Test Rider' }];
      expect([refused.status, refused.body]).toEqual([
        409,
        { message: upcomingRentalsMessage(upcoming), upcoming_rentals: upcoming },
      ]);
      const detail = await subject.call('GET', `/api/vehicles/${car}`);
      expect((detail.body as { availability: boolean }).availability).toBe(true);
    },
  );

  it('a pick-up under way when the car is retired: the retirement waits for it, then is refused naming the rental', async () => {
    const rider = await createUser(subject.app);
    const booked = await subject.call('POST', '/api/book-ride/mercedes-benz-glc', {
      headers: rider.auth,
      body: bookingForm(),
    });
    expect(booked.status).toBe(201);
    const [rental] = await rentalsOf(subject, rider.id);
    const { id, drop_off_date: dropOff } = rental ?? { id: 0, drop_off_date: '' };
    // The desk's pick-up, under way: moving a rental to a stage that holds the car locks the car's row.
    await side.query('begin');
    await side.query("update rentals set stage = 'picked_up' where id = $1", [id]);
    const retiring = move('mercedes-benz-glc', 'retired', { cancel_upcoming: true });
    await untilWaiting(1);
    await side.query('commit');

    const refused = await retiring;
    expect([refused.status, refused.body]).toEqual([
      409,
      { message: onTheRoadMessage({ id, drop_off_date: dropOff }) },
    ]);
    const cars = await subject.app.db
      .selectFrom('vehicles')
      .select('status')
      .where('slug', '=', 'mercedes-benz-glc')
      .execute();
    expect(cars).toEqual([{ status: 'in_service' }]);
  });

  /** A rental of `car` picked up today, booked by a new rider: the desk may mark it picked up. */
  const rentalFromToday = async (car: string) => {
    const rider = await createUser(subject.app);
    const booked = await subject.call('POST', `/api/book-ride/${car}`, {
      headers: rider.auth,
      body: bookingForm({ pick_up_date: dateFromToday(0), drop_off_date: dateFromToday(2) }),
    });
    expect(booked.status).toBe(201);
    const [rental] = await rentalsOf(subject, rider.id);
    if (rental === undefined) throw new Error(`no rental of ${car}`);
    return { ...rental, rider };
  };
  const pickUp = (id: number) =>
    subject.call('POST', `/api/operator/bookings/${id}/stage`, { headers: operator.auth, body: { to: 'picked_up' } });
  const stageOf = async (id: number) =>
    (await subject.app.db.selectFrom('rentals').select('stage').where('id', '=', id).executeTakeFirstOrThrow()).stage;

  /**
   * A pick-up and a move off the road with `cancel_upcoming`, on one rental, each past its first
   * reads: the test's session holds rentals against writes (not against reads or row locks), so
   * both wait there, the first having taken whatever it takes first; then both go on at once.
   */
  const bothUnderWay = async <A, B>(first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> => {
    await side.query('begin');
    await side.query('lock table rentals in share mode');
    const one = first();
    await untilWaiting(1);
    const two = second();
    await untilWaiting(2);
    await side.query('rollback');
    return Promise.all([one, two]);
  };

  it.each([
    ['retired', 'bmw-x1'],
    ['out_of_service', 'audi-a8'],
  ] as const)(
    'a pick-up under way and a move to %s with cancel_upcoming: no deadlock, the pick-up first, the move after it',
    async (status, car) => {
      const rental = await rentalFromToday(car);
      const [pickedUp, moved] = await bothUnderWay(
        () => pickUp(rental.id),
        () => move(car, status, { cancel_upcoming: true }),
      );

      expect([pickedUp.status, (pickedUp.body as { stage?: string }).stage]).toEqual([200, 'picked_up']);
      if (status === 'retired') {
        expect([moved.status, moved.body]).toEqual([409, { message: onTheRoadMessage(rental) }]);
      } else {
        // The running rental goes on: it was no longer upcoming.
        expect([moved.status, moved.body]).toMatchObject([200, { status }]);
      }
      expect(await stageOf(rental.id)).toBe('picked_up');
    },
  );

  it.each([
    ['retired', 'jaguar-xf'],
    ['out_of_service', 'hyundai-creta'],
  ] as const)(
    'a move to %s with cancel_upcoming under way and a pick-up: no deadlock, the move first, the pick-up refused after it',
    async (status, car) => {
      const rental = await rentalFromToday(car);
      const [moved, pickedUp] = await bothUnderWay(
        () => move(car, status, { cancel_upcoming: true }),
        () => pickUp(rental.id),
      );

      expect([moved.status, moved.body]).toMatchObject([200, { status }]);
      expect([pickedUp.status, pickedUp.message]).toEqual([409, illegalStageMove('cancelled', 'picked_up')]);
      expect(await stageOf(rental.id)).toBe('cancelled');
    },
  );

  it.each([
    ['out_of_service', 'bmw-3-series'],
    ['retired', 'maserati-ghibli'],
  ] as const)(
    'a customer cancels while the car moves to %s with cancel_upcoming: only the customer is recorded as cancelling it',
    async (status, car) => {
      const rider = await createUser(subject.app);
      const booked = await subject.call('POST', `/api/book-ride/${car}`, { headers: rider.auth, body: bookingForm() });
      expect(booked.status).toBe(201);
      const [rental] = await rentalsOf(subject, rider.id);
      const id = rental?.id ?? 0;
      await side.query('begin');
      // The customer's cancellation waits to write the rental; the move, having listed it as upcoming, waits behind it.
      await side.query('select id from rentals where id = $1 for update', [id]);
      const cancelling = subject.call('POST', `/api/cancel-ride/${car}`, { headers: rider.auth });
      await untilWaiting(1);
      const moving = move(car, status, { cancel_upcoming: true });
      await untilWaiting(2);
      await side.query('rollback');

      expect((await cancelling).status).toBe(200);
      const moved = await moving;
      expect([moved.status, moved.body]).toMatchObject([200, { status }]);
      const audit = await subject.app.db
        .selectFrom('audit_log')
        .select(['actor', 'action'])
        .where('subject', '=', `booking:${id}`)
        .execute();
      expect(audit).toEqual([{ actor: rider.email, action: 'booking.stage_changed' }]);
      const history = await subject.app.db
        .selectFrom('rental_stage_changes')
        .select(['changed_by', 'to_stage'])
        .where('rental_id', '=', id)
        .where('to_stage', '=', 'cancelled')
        .execute();
      expect(history).toEqual([{ changed_by: rider.email, to_stage: 'cancelled' }]);
    },
  );
});

/** Resolves once the API in `child` stops answering: its one thread waits in SQLite for the write lock. */
async function untilWaitingForTheWriteLock(child: ChildApi): Promise<Promise<unknown>[]> {
  const probes: Promise<unknown>[] = [];
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const probe = child.call('GET', '/api/health');
    probes.push(probe);
    const answered = await Promise.race([probe.then(() => true), sleep(300).then(() => false)]);
    if (!answered) return probes;
  }
  throw new Error('the API never waited for the write lock');
}

/**
 * On SQLite every write waits for the one write lock. The test's own connection holds it and
 * takes the car off the road in its transaction; the booking, sent to an API in a process of
 * its own on the same file, reads the car still in service and waits for the lock; then the
 * move commits.
 */
describeOnSqlite('a booking and a car leaving the road, racing on SQLite', (subject) => {
  let child: ChildApi | undefined;
  beforeAll(async () => {
    child = await startChildApi({ DATA_DIR: subject.config.dataDir, JWT_SECRET: TEST_JWT_SECRET });
  });
  afterAll(() => stopChildApi(child));

  it.each([
    ['out_of_service', 'porsche-panamera'],
    ['retired', 'honda-accord'],
  ] as const)(
    'the move to %s commits while the booking, its car already read, waits: the booking gets what it gets after the move',
    async (status, car) => {
      const rider = await createUser(subject.app);
      const side = new SqliteDatabase(path.join(subject.config.dataDir, SQLITE_FILE_NAME));
      try {
        side.exec('begin immediate');
        side.prepare('update vehicles set status = ? where slug = ?').run(status, car);
        const booking = child?.call('POST', `/api/book-ride/${car}`, { headers: rider.auth, body: bookingForm() });
        const probes = child === undefined ? [] : await untilWaitingForTheWriteLock(child);
        side.exec('commit');

        const refused = await booking;
        expect([refused?.status, refused?.message]).toEqual(BOOKING_REFUSED[status]);
        expect(await rentalsOf(subject, rider.id)).toEqual([]);
        await Promise.all(probes);
      } finally {
        if (side.inTransaction) side.exec('rollback');
        side.close();
      }
    },
  );

  it('a customer’s cancellation commits while the move out of service with cancel_upcoming waits: the move records no cancellation of it', async () => {
    const car = 'bmw-3-series';
    const operator = await createStaff(subject.app, 'operator');
    const rider = await createUser(subject.app);
    const booked = await subject.call('POST', `/api/book-ride/${car}`, { headers: rider.auth, body: bookingForm() });
    expect(booked.status).toBe(201);
    const [rental] = await rentalsOf(subject, rider.id);
    const id = rental?.id ?? 0;
    const side = new SqliteDatabase(path.join(subject.config.dataDir, SQLITE_FILE_NAME));
    try {
      // The customer's cancellation, under way (its own audit entry left out); the move waits for the write lock, then reads after it.
      side.exec('begin immediate');
      side.prepare("update rentals set stage = 'cancelled' where id = ?").run(id);
      const moving = child?.call('PATCH', `/api/operator/vehicles/${car}`, {
        headers: operator.auth,
        body: { status: 'out_of_service', cancel_upcoming: true },
      });
      const probes = child === undefined ? [] : await untilWaitingForTheWriteLock(child);
      side.exec('commit');

      const moved = await moving;
      expect([moved?.status, moved?.body]).toMatchObject([200, { status: 'out_of_service' }]);
      const audit = await subject.app.db
        .selectFrom('audit_log')
        .select('actor')
        .where('subject', '=', `booking:${id}`)
        .execute();
      expect(audit).toEqual([]);
      await Promise.all(probes);
    } finally {
      if (side.inTransaction) side.exec('rollback');
      side.close();
    }
  });
});
