import { describeEachEngine } from '../testing/describe-engines';
import { type Fleet, createFleetCache } from './fleet-cache';

jest.setTimeout(30_000);

describeEachEngine('fleet cache on %s', (subject) => {
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

  it('reads the fleet again at once when invalidated, then keeps its TTL from that read', async () => {
    let time = 0;
    const cache = createFleetCache(subject.app.db, { ttlMs: 1_000, now: () => time, onRefreshFailed: () => undefined });
    const first = await cache.current();
    await subject.app.db
      .updateTable('vehicles')
      .set({ status: 'out_of_service' })
      .where('slug', '=', 'audi-q7')
      .execute();
    try {
      time = 100;
      // Within the TTL, yet the change shows on the very next request.
      expect((await cache.current()).bySlug.get('audi-q7')?.vehicle.availability).toBe(true);
      cache.invalidate();
      const invalidated = await cache.current();
      expect(invalidated).not.toBe(first);
      expect(invalidated.bySlug.get('audi-q7')?.vehicle.availability).toBe(false);

      // The read counts as a fresh one: no other read until the TTL has passed since it.
      await subject.app.db
        .updateTable('vehicles')
        .set({ price_per_day: 54321 })
        .where('slug', '=', 'audi-q7')
        .execute();
      time = 1_050;
      expect(await cache.current()).toBe(invalidated);
      time = 1_100;
      expect((await refreshed(cache, invalidated)).bySlug.get('audi-q7')?.vehicle.price_per_day).toBe(54321);
    } finally {
      await subject.app.db
        .updateTable('vehicles')
        .set({ status: 'in_service' })
        .where('slug', '=', 'audi-q7')
        .execute();
    }
  });

  it('reads the fleet again on the next request after invalidate, never keeping a read started before it', async () => {
    let time = 0;
    const cache = createFleetCache(subject.app.db, { ttlMs: 1_000, now: () => time, onRefreshFailed: () => {} });
    const first = await cache.current();
    time = 1_000;
    // A background refresh starts here and reads the unchanged fleet...
    expect(await cache.current()).toBe(first);
    await subject.app.db.updateTable('vehicles').set({ price_per_day: 23456 }).where('slug', '=', 'audi-q7').execute();
    cache.invalidate();
    // ...and the next request after the change waits for a read that sees it.
    const next = await cache.current();
    expect(next.bySlug.get('audi-q7')?.vehicle.price_per_day).toBe(23456);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await cache.current()).toBe(next);

    cache.invalidate();
    // Unchanged since: the same encodings are kept.
    expect((await cache.current()).list).toBe(next.list);
  });

  it('makes every request after a car changed wait for that car, and reads the fleet again only if it differs', async () => {
    const cache = createFleetCache(subject.app.db, { ttlMs: 60_000, onRefreshFailed: () => {} });
    const first = await cache.current();
    // A booking: the car's row is as it was, so the fleet and its encodings stay.
    cache.carChanged('bmw-x5');
    expect(await cache.current()).toBe(first);

    await subject.app.db
      .updateTable('vehicles')
      .set({ status: 'out_of_service' })
      .where('slug', '=', 'bmw-x5')
      .execute();
    try {
      cache.carChanged('bmw-x5');
      cache.carChanged('audi-q7');
      const changed = await cache.current();
      expect(changed).not.toBe(first);
      expect(changed.bySlug.get('bmw-x5')?.vehicle.availability).toBe(false);

      // Every car at once (a lost connection's catch-up) is one read of the fleet: the same fleet when nothing moved.
      for (const id of changed.bySlug.keys()) cache.carChanged(id);
      expect(await cache.current()).toBe(changed);
    } finally {
      await subject.app.db.updateTable('vehicles').set({ status: 'in_service' }).where('slug', '=', 'bmw-x5').execute();
    }
  });

  it('still follows changes after a first read that failed', async () => {
    let down = true;
    const failing = subject.app.db.withPlugin({
      transformQuery: (args) => {
        if (down) throw new Error('the database is down');
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const failures: unknown[] = [];
    const cache = createFleetCache(failing, { ttlMs: 60_000, onRefreshFailed: (error) => failures.push(error) });
    const firstTry = cache.current();
    cache.carChanged('bmw-x5');
    cache.invalidate();
    await expect(firstTry).rejects.toThrow('the database is down');
    // A request meanwhile gets the same failure, the reads chained on it included.
    await expect(cache.current()).rejects.toThrow('the database is down');
    // Nothing was served, so no "the last read keeps being served".
    expect(failures).toEqual([]);

    down = false;
    const first = await cache.current();
    await subject.app.db.updateTable('vehicles').set({ price_per_day: 34567 }).where('slug', '=', 'bmw-x5').execute();
    cache.carChanged('bmw-x5');
    expect((await cache.current()).bySlug.get('bmw-x5')?.vehicle.price_per_day).toBe(34567);

    await subject.app.db.updateTable('vehicles').set({ price_per_day: 45678 }).where('slug', '=', 'bmw-x5').execute();
    cache.invalidate();
    const again = await cache.current();
    expect(again).not.toBe(first);
    expect(again.bySlug.get('bmw-x5')?.vehicle.price_per_day).toBe(45678);
  });
});
