import { MESSAGES } from '@rentora/shared/rules';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app';
import { type Call, type TestApp, bookingForm, caller, createUser, dateFromToday } from '../../../testing/test-app';
import { describeEachEngine, describeOnPostgres } from '../../../testing/describe-engines';

const REQUESTS = 200;

// Two hundred real HTTP requests through the whole stack; generous for a loaded 2-core CI machine.
jest.setTimeout(60_000);

/** Every request wants a different range, and all of them share day 100 from today. */
async function race(subject: TestApp, calls: Call[]): Promise<number[]> {
  const riders = await Promise.all(Array.from({ length: REQUESTS }, () => createUser(subject.app)));
  const answers = await Promise.all(
    riders.map((rider, index) =>
      calls[index % calls.length]!('POST', '/api/book-ride/land-rover-range-rover', {
        headers: rider.auth,
        body: bookingForm({
          pick_up_date: dateFromToday(100 - (index % 7)),
          drop_off_date: dateFromToday(100 + (index % 5)),
        }),
      }),
    ),
  );
  return answers.map((answer) => answer.status);
}

const CAP_CARS = ['audi-a4', 'bmw-x1', 'jaguar-xe', 'hyundai-tucson', 'kia-seltos', 'toyota-camry'];

/**
 * One account already holding 2 rentals sends a booking of each of CAP_CARS at once, each on
 * days of its own (from `day`): the cap of 3 leaves room for one.
 */
async function capRace(subject: TestApp, calls: Call[], day: number): Promise<{ status: number; message: string }[]> {
  const rider = await createUser(subject.app);
  const on = (start: number) =>
    bookingForm({ pick_up_date: dateFromToday(start), drop_off_date: dateFromToday(start + 1) });
  for (const car of ['audi-a6', 'bmw-x5']) {
    const held = await subject.call('POST', `/api/book-ride/${car}`, { headers: rider.auth, body: on(day) });
    expect(held.status).toBe(201);
  }
  const answers = await Promise.all(
    CAP_CARS.map((car, index) =>
      calls[index % calls.length]!('POST', `/api/book-ride/${car}`, {
        headers: rider.auth,
        body: on(day + 2 + index * 2),
      }),
    ),
  );
  return answers.map(({ status, message }) => ({ status, message }));
}

const ONE_MORE = [{ status: 201 }, ...CAP_CARS.slice(1).map(() => ({ status: 409, message: MESSAGES.rentalLimit }))];
const byStatus = (answers: { status: number }[]) => [...answers].sort((a, b) => a.status - b.status);

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

describeEachEngine('no double booking on %s', (subject) => {
  it(`gives ${REQUESTS} concurrent overlapping bookings exactly one 201 and 409 for the rest`, async () => {
    expect(tally(await race(subject, [subject.call]))).toEqual({ 201: 1, 409: REQUESTS - 1 });
    const rows = await subject.app.db.selectFrom('rentals').select('id').execute();
    expect(rows).toHaveLength(1);
  });

  it('lets one account with 2 rentals take exactly one more of several bookings sent at once; the rest get the cap’s 409', async () => {
    const answers = byStatus(await capRace(subject, [subject.call], 20));
    expect(answers).toMatchObject(ONE_MORE);
    expect(answers[0]).toEqual({ status: 201, message: expect.stringContaining('is booked from') });
  });
});

describeOnPostgres('no double booking with two API instances sharing PostgreSQL', (subject) => {
  let sibling: FastifyInstance;
  let siblingCall: Call;
  beforeAll(async () => {
    sibling = await buildApp(subject.config);
    siblingCall = caller(await sibling.listen({ host: '127.0.0.1', port: 0 }));
  });
  afterAll(async () => {
    await sibling.close();
  });

  it(`gives ${REQUESTS} concurrent bookings split across both instances exactly one 201`, async () => {
    expect(tally(await race(subject, [subject.call, siblingCall]))).toEqual({ 201: 1, 409: REQUESTS - 1 });
  });

  it('keeps the cap of 3 for one account whose bookings at once are split across both instances', async () => {
    expect(byStatus(await capRace(subject, [subject.call, siblingCall], 20))).toMatchObject(ONE_MORE);
  });
});
