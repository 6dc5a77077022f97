import pg from 'pg';
import { describeOnPostgres } from '../../../../testing/describe-engines';
import { createUser, dateFromToday } from '../../../../testing/test-app';

jest.setTimeout(60_000);

/**
 * The guard between rentals and blocks without the app's own lock: two raw connections, each in
 * its own transaction, write a rental and a block over the same day. The second waits on the
 * car's row, which the first locked in its trigger, and fails once the first commits.
 */
describeOnPostgres('a rental and a block racing in the database alone', (subject) => {
  let first: pg.Client;
  let second: pg.Client;
  beforeAll(async () => {
    first = new pg.Client({ connectionString: subject.config.databaseUrl });
    second = new pg.Client({ connectionString: subject.config.databaseUrl });
    await Promise.all([first.connect(), second.connect()]);
  });
  afterAll(async () => {
    await Promise.all([first.end(), second.end()]);
  });

  const insertRental = (client: pg.Client, vehicleId: number, userId: number, day: string) =>
    client.query(
      `insert into rentals (user_id, vehicle_id, name, age, email, phone_no, address, pincode,
         pick_up_date, drop_off_date, days, total_price, stage)
       values ($1, $2, 'Side', 30, 'side@example.com', '9876543210', 'Side road', '560001', $3, $3, 1, 100, 'confirmed')`,
      [userId, vehicleId, day],
    );
  const insertBlock = (client: pg.Client, vehicleId: number, day: string) =>
    client.query(
      `insert into vehicle_blocks (vehicle_id, start_date, end_date, reason, created_by)
       values ($1, $2, $2, 'maintenance', 'race')`,
      [vehicleId, day],
    );

  it.each([
    ['a rental first, then a block', 'rental'],
    ['a block first, then a rental', 'block'],
  ])('%s: the second waits for the first commit, then is refused', async (_title, firstWrite) => {
    const { id: vehicleId } = await subject.app.db
      .selectFrom('vehicles')
      .select('id')
      .where('slug', '=', firstWrite === 'rental' ? 'maserati-ghibli' : 'maserati-granturismo')
      .executeTakeFirstOrThrow();
    const rider = await createUser(subject.app);
    const day = dateFromToday(50);
    await first.query('begin');
    await (firstWrite === 'rental'
      ? insertRental(first, vehicleId, rider.id, day)
      : insertBlock(first, vehicleId, day));
    await second.query('begin');
    const waiting = (
      firstWrite === 'rental' ? insertBlock(second, vehicleId, day) : insertRental(second, vehicleId, rider.id, day)
    ).then(
      () => undefined,
      (reason: unknown) => reason as { code?: string; constraint?: string },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await first.query('commit');
    const refused = await waiting;
    await second.query('rollback');
    expect(refused).toMatchObject({
      code: '23P01',
      constraint: firstWrite === 'rental' ? 'vehicle_blocks_no_overlap' : 'rentals_no_overlap',
    });
  });
});
