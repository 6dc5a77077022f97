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

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

describeEachEngine('no double booking on %s', (subject) => {
  it(`gives ${REQUESTS} concurrent overlapping bookings exactly one 201 and 409 for the rest`, async () => {
    expect(tally(await race(subject, [subject.call]))).toEqual({ 201: 1, 409: REQUESTS - 1 });
    const rows = await subject.app.db.selectFrom('rentals').select('id').execute();
    expect(rows).toHaveLength(1);
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
});
