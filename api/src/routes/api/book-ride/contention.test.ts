import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../../app';
import { type Call, bookingForm, caller, createUser, dateFromToday } from '../../../testing/test-app';
import { describeOnPostgres } from '../../../testing/describe-engines';

const REQUESTS = 100;
const SIDE_HOLDS_MS = 1_500;

jest.setTimeout(60_000);

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

describeOnPostgres(
  'bookings waiting on an uncommitted overlapping rental (two instances, one PostgreSQL)',
  (subject) => {
    let sibling: FastifyInstance;
    let siblingCall: Call;
    let side: pg.Client;
    beforeAll(async () => {
      sibling = await buildApp(subject.config);
      siblingCall = caller(await sibling.listen({ host: '127.0.0.1', port: 0 }));
      side = new pg.Client({ connectionString: subject.config.databaseUrl });
      await side.connect();
    });
    afterAll(async () => {
      await side.end();
      await sibling.close();
    });

    it('answers no 5xx and books exactly once, within seconds, after the other transaction rolls back', async () => {
      const car = await subject.app.db
        .selectFrom('vehicles')
        .select('id')
        .where('slug', '=', 'land-rover-range-rover')
        .executeTakeFirstOrThrow();
      const holder = await createUser(subject.app);
      const riders = await Promise.all(Array.from({ length: REQUESTS }, () => createUser(subject.app)));

      await side.query('begin');
      await side.query(
        `insert into rentals (user_id, vehicle_id, name, age, email, phone_no, address, pincode,
         pick_up_date, drop_off_date, days, total_price, stage)
       values ($1, $2, 'Side', 30, 'side@example.com', '9876543210', 'Side road', '560001', $3, $4, 3, 300, 'confirmed')`,
        [holder.id, car.id, dateFromToday(100), dateFromToday(102)],
      );
      const rollback = new Promise<void>((resolve, reject) => {
        setTimeout(() => void side.query('rollback').then(() => resolve(), reject), SIDE_HOLDS_MS);
      });

      const started = Date.now();
      const calls = [subject.call, siblingCall];
      const answers = await Promise.all(
        riders.map((rider, index) =>
          calls[index % 2]!('POST', '/api/book-ride/land-rover-range-rover', {
            headers: rider.auth,
            body: bookingForm({ pick_up_date: dateFromToday(99 + (index % 3)), drop_off_date: dateFromToday(101) }),
          }),
        ),
      );
      const elapsedMs = Date.now() - started;
      await rollback;

      expect(tally(answers.map((answer) => answer.status))).toEqual({ 201: 1, 409: REQUESTS - 1 });
      expect(elapsedMs).toBeLessThan(SIDE_HOLDS_MS + 6_000);
    });
  },
);
