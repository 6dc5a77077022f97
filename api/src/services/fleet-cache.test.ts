import { ENGINES, type TestApp, createTestApp } from '../testing/test-app';
import { type Fleet, createFleetCache } from './fleet-cache';

jest.setTimeout(30_000);

describe.each(ENGINES)('fleet cache on %s', (engine) => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp(engine);
  });
  afterAll(() => subject.close());

  /** The next fleet `current()` serves once a refresh started by it has finished. */
  async function refreshed(cache: { current(): Promise<Fleet> }, before: Fleet): Promise<Fleet> {
    await cache.current();
    for (let waited = 0; waited < 2_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const after = await cache.current();
      if (after !== before) return after;
    }
    return before;
  }

  it('encodes the fleet again only when it changed, and serves the old one meanwhile', async () => {
    let time = 0;
    const failures: unknown[] = [];
    const cache = createFleetCache(subject.app.db, {
      ttlMs: 1_000,
      now: () => time,
      onRefreshFailed: (error) => failures.push(error),
    });
    const first = await cache.current();
    time = 500;
    expect(await cache.current()).toBe(first);

    time = 1_000;
    expect(await refreshed(cache, first)).toBe(first);

    await subject.app.db.updateTable('vehicles').set({ price_per_day: 12345 }).where('slug', '=', 'bmw-x5').execute();
    time = 2_000;
    // The read that finds the change is started by this request, which still gets the fleet it had.
    expect(await cache.current()).toBe(first);
    const changed = await refreshed(cache, first);
    expect(changed).not.toBe(first);
    expect(changed.list.etags.identity).not.toBe(first.list.etags.identity);
    expect(changed.bySlug.get('bmw-x5')?.vehicle.price_per_day).toBe(12345);
    expect(JSON.parse(changed.list.bodies.identity.toString('utf8'))).toEqual(changed.vehicles);
    expect(failures).toEqual([]);
  });
});
