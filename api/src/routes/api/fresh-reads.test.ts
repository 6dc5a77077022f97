import type { User, Vehicle, VehicleDetail } from '@rentora/shared';
import { openDatabase } from '../../db/connect';
import { bookingForm, createUser, dateFromToday } from '../../testing/test-app';
import { describeEachEngine } from '../../testing/describe-engines';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Whole-app tests with fresh databases: slow on a busy 2-core machine.
jest.setTimeout(30_000);

/**
 * The hot reads are cached until the database changes (docs/architecture.md §4): each test reads
 * first, so an answer is cached, then changes the data and expects the very next read to show it.
 */
/** How long another instance's NOTIFY may take to arrive on a busy machine (it takes milliseconds). */
const NOTIFICATION_WAIT_MS = 5_000;

describeEachEngine('reads right after a change on %s', (subject, engine) => {
  const dates = (from: number, to: number) => ({ pick_up_date: dateFromToday(from), drop_off_date: dateFromToday(to) });
  const bookedDates = async (carId: string) =>
    ((await subject.call('GET', `/api/vehicles/${carId}`)).body as VehicleDetail).booked;
  const rentals = async (auth: Record<string, string>) =>
    ((await subject.call('GET', '/api/user', { headers: auth })).body as User).cars_rented;
  const freeCars = async (range: { pick_up_date: string; drop_off_date: string }) => {
    const query = new URLSearchParams({ location: 'Goa', ...range });
    return ((await subject.call('GET', `/api/vehicles?${query}`)).body as Vehicle[]).map((car) => car._id);
  };

  it('shows a booking and then its cancellation on the car, the user and a search', async () => {
    const rider = await createUser(subject.app);
    const range = dates(40, 42);
    const goaCars = await freeCars(range);
    const [carId] = goaCars;
    if (carId === undefined) throw new Error('the fleet has no car in Goa');
    expect(await bookedDates(carId)).toEqual([]);
    expect(await rentals(rider.auth)).toEqual([]);

    const booking = await subject.call('POST', `/api/book-ride/${carId}`, {
      headers: rider.auth,
      body: bookingForm(range),
    });
    expect(booking.status).toBe(201);
    expect(await bookedDates(carId)).toEqual([range]);
    expect((await rentals(rider.auth)).map((rental) => rental.status)).toEqual(['active']);
    expect(await freeCars(range)).toEqual(goaCars.filter((id) => id !== carId));

    expect((await subject.call('POST', `/api/cancel-ride/${carId}`, { headers: rider.auth })).status).toBe(200);
    expect(await bookedDates(carId)).toEqual([]);
    expect((await rentals(rider.auth)).map((rental) => rental.status)).toEqual(['cancelled']);
    expect(await freeCars(range)).toEqual(goaCars);
  });

  it('shows a rental that another API instance wrote to the same database, once it has heard of it', async () => {
    const rider = await createUser(subject.app);
    const range = dates(60, 61);
    expect(await bookedDates('audi-q7')).toEqual([]);
    expect(await rentals(rider.auth)).toEqual([]);

    const other = openDatabase({
      dataDir: subject.config.dataDir,
      databaseUrl: subject.config.databaseUrl,
      onConnectionError: () => undefined,
    });
    try {
      const car = await other.db
        .selectFrom('vehicles')
        .select(['id', 'price_per_day'])
        .where('slug', '=', 'audi-q7')
        .executeTakeFirstOrThrow();
      await other.db
        .insertInto('rentals')
        .values({
          ...bookingForm(range),
          age: 30,
          user_id: rider.id,
          vehicle_id: car.id,
          days: 2,
          total_price: 2 * car.price_per_day,
          stage: 'confirmed',
        })
        .execute();
    } finally {
      await other.db.destroy();
    }

    // SQLite sees another connection's commit on the next request. PostgreSQL serves a car's
    // cached reads until the other instance's commit is heard through LISTEN/NOTIFY
    // (docs/decisions/0018-live-availability.md), a few milliseconds later: the next read after it.
    if (engine === 'postgres') {
      const heardBy = Date.now() + NOTIFICATION_WAIT_MS;
      while ((await bookedDates('audi-q7')).length === 0 && Date.now() < heardBy) await sleep(20);
    }
    expect(await bookedDates('audi-q7')).toEqual([range]);
    expect((await rentals(rider.auth)).map((rental) => rental.car._id)).toEqual(['audi-q7']);
  });
});
