import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createMemoryStore, createRedisStore } from './stores';

describe('memory counter store', () => {
  it('counts within a window and starts again after it', async () => {
    let now = 1_000;
    const store = createMemoryStore({ now: () => now });
    expect(await store.hit('k', 100)).toEqual({ count: 1, resetInMs: 100 });
    now += 40;
    expect(await store.hit('k', 100)).toEqual({ count: 2, resetInMs: 60 });
    expect((await store.hit('other', 100)).count).toBe(1);
    now += 60;
    expect(await store.hit('k', 100)).toEqual({ count: 1, resetInMs: 100 });
  });

  it('takes a hit back within its window, never below zero, and never into the next window', async () => {
    let now = 1_000;
    const store = createMemoryStore({ now: () => now });
    await store.hit('k', 100);
    await store.hit('k', 100);
    await store.refund('k');
    now += 30;
    expect(await store.hit('k', 100)).toEqual({ count: 2, resetInMs: 70 });
    await store.refund('k');
    await store.refund('k');
    await store.refund('k');
    expect((await store.hit('k', 100)).count).toBe(1);
    now += 70;
    await store.refund('k');
    expect(await store.hit('k', 100)).toEqual({ count: 1, resetInMs: 100 });
    await store.refund('never-hit');
    expect((await store.hit('never-hit', 100)).count).toBe(1);
  });

  it('keeps at most maxKeys counters, forgetting the least recently counted', async () => {
    const store = createMemoryStore({ maxKeys: 3 });
    for (const key of ['a', 'b', 'c']) await store.hit(key, 60_000);
    await store.hit('a', 60_000);
    await store.hit('d', 60_000);
    expect((await store.hit('b', 60_000)).count).toBe(1);
    // Counting b again forgot c, the least recently counted by then.
    expect((await store.hit('a', 60_000)).count).toBe(3);
    expect((await store.hit('d', 60_000)).count).toBe(2);
    expect((await store.hit('c', 60_000)).count).toBe(1);
  });
});

describe('Redis counter store while Redis is unreachable', () => {
  it('counts in memory at once, with one warning', async () => {
    const outages: Error[] = [];
    // Port 1 on the loopback: nothing listens, so every connection is refused.
    const store = createRedisStore('redis://127.0.0.1:1', 'rentora-test:', {
      onOutage: (error) => outages.push(error),
      onRecovery: () => {},
    });
    try {
      await store.settled;
      const started = Date.now();
      for (let attempt = 1; attempt <= 5; attempt += 1) expect((await store.hit('k', 60_000)).count).toBe(attempt);
      await store.refund('k');
      expect((await store.hit('k', 60_000)).count).toBe(5);
      expect(Date.now() - started).toBeLessThan(100);
      await sleep(600);
      expect(outages).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const describeRedis = redisUrl === undefined ? describe.skip : describe;

describeRedis('Redis counter store', () => {
  const outages: Error[] = [];
  // Made in a hook, not in the block's body: Jest runs a skipped block's body too, and a store made
  // there would connect to the default localhost:6379 and keep the run from exiting.
  let store: ReturnType<typeof createRedisStore>;
  beforeAll(() => {
    store = createRedisStore(redisUrl ?? '', `rentora-test:${randomBytes(6).toString('hex')}:`, {
      onOutage: (error) => outages.push(error),
      onRecovery: () => {},
    });
    return store.settled;
  });
  afterAll(async () => {
    await store.close();
    expect(outages).toEqual([]);
  });

  it('counts within a window, and takes a hit back never below zero', async () => {
    expect((await store.hit('k', 60_000)).count).toBe(1);
    const second = await store.hit('k', 60_000);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(0);
    expect(second.resetInMs).toBeLessThanOrEqual(60_000);
    await store.refund('k');
    expect((await store.hit('k', 60_000)).count).toBe(2);
    for (let refund = 0; refund < 4; refund += 1) await store.refund('k');
    expect((await store.hit('k', 60_000)).count).toBe(1);
  });

  it('starts again once the window ends, and a refund after it changes nothing', async () => {
    await store.hit('short', 50);
    await sleep(120);
    await store.refund('short');
    expect((await store.hit('short', 50)).count).toBe(1);
  });
});
