import pg from 'pg';
import { bookingForm, createUser, dateFromToday } from '../../testing/test-app';
import { describeEachEngine, describeOnPostgres } from '../../testing/describe-engines';

jest.setTimeout(30_000);

describeEachEngine('the vehicle-change signal on %s', (subject) => {
  it('names the car once a booking and once a cancellation has committed, and nothing for a refusal', async () => {
    const changed: string[] = [];
    const stop = subject.app.vehicleChanges.listen((vehicleId) => changed.push(vehicleId));
    try {
      const rider = await createUser(subject.app);
      const form = bookingForm({ pick_up_date: dateFromToday(150), drop_off_date: dateFromToday(151) });
      const booked = await subject.call('POST', '/api/book-ride/kia-seltos', { headers: rider.auth, body: form });
      expect(booked.status).toBe(201);
      expect(changed).toEqual(['kia-seltos']);

      const refused = await subject.call('POST', '/api/book-ride/kia-seltos', { headers: rider.auth, body: form });
      expect(refused.status).toBe(409);
      expect(changed).toEqual(['kia-seltos']);

      const cancelled = await subject.call('POST', '/api/cancel-ride/kia-seltos', { headers: rider.auth });
      expect(cancelled.status).toBe(200);
      expect(changed).toEqual(['kia-seltos', 'kia-seltos']);
    } finally {
      stop();
    }
  });
});

describeOnPostgres('the vehicle-change channel on PostgreSQL when its connection drops', (subject) => {
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: subject.config.databaseUrl });
    await admin.connect();
  });
  afterAll(() => admin.end());

  it('listens again, names every car (changes meanwhile went unheard), then hears changes committed elsewhere', async () => {
    const heard: string[] = [];
    const stop = subject.app.vehicleChanges.listen((vehicleId) => heard.push(vehicleId));
    try {
      const { rows: cars } = await admin.query<{ slug: string }>('select slug from vehicles');
      // The instance's one listening connection, and nothing else.
      const { rows: ended } = await admin.query<{ ended: boolean }>(
        "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and query ilike 'listen%'",
      );
      expect(ended).toEqual([{ ended: true }]);

      await waitUntil(() => cars.every(({ slug }) => heard.includes(slug)), 'every car named after the reconnect');

      const seen = heard.length;
      await admin.query("update vehicles set status = 'out_of_service' where slug = 'bmw-x5'");
      await waitUntil(() => heard.slice(seen).includes('bmw-x5'), 'the change committed on another connection');
    } finally {
      stop();
      await admin.query("update vehicles set status = 'in_service' where slug = 'bmw-x5'");
    }
  });
});

/** Polls `condition` until it holds; fails naming `what` after `timeoutMs`. */
async function waitUntil(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
