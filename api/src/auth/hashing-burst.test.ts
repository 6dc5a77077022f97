import { BUSY } from '../errors';
import { type Answer, type TestApp, createTestApp } from '../testing/test-app';
import { HASH_CONCURRENCY, HASH_QUEUE, PRODUCTION_PASSWORD_COST } from './passwords';

jest.setTimeout(60_000);

const BURST = 30;

describe('a burst of sign-ups', () => {
  let subject: TestApp;
  beforeAll(async () => {
    // Production's cost: the gate is for hashes that take a good part of a second and 128 MiB each.
    subject = await createTestApp('sqlite', { passwordCost: PRODUCTION_PASSWORD_COST });
  });
  afterAll(() => subject.close());

  it('hashes a few at a time, answers the rest 429 with Retry-After, and leaves reads unharmed', async () => {
    // The order answers arrive in, not their times: a timed bound flakes on a busy machine.
    const arrivals: string[] = [];
    const signUps = Array.from({ length: BURST }, (_, index) =>
      subject
        .call('POST', '/api/user/register', {
          body: {
            name: 'Burst',
            email: `burst-${index}@example.com`,
            password: 'correct-horse-battery',
            avatar: 'avatar1',
          },
        })
        .then((answer) => {
          if (answer.status === 201) arrivals.push('hashed sign-up');
          return answer;
        }),
    );
    const read = await subject.call('GET', '/api/vehicles/audi-q7');
    arrivals.push('read');
    const answers: Answer[] = await Promise.all(signUps);

    expect(read.status).toBe(200);
    // Not queued behind the hashing: the read is answered before the last hashed sign-up.
    expect(arrivals.at(-1)).toBe('hashed sign-up');
    const created = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(created.length + refused.length).toBe(BURST);
    expect(created.length).toBeGreaterThanOrEqual(HASH_CONCURRENCY);
    expect(created.length).toBeLessThanOrEqual(BURST - 1);
    expect(refused.length).toBeGreaterThanOrEqual(BURST - HASH_CONCURRENCY - HASH_QUEUE - 5);
    for (const answer of refused) {
      expect(answer.message).toBe(BUSY);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
