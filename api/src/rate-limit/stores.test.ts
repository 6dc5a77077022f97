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

  it('peeks without counting, and sees nothing once the window ends', async () => {
    let now = 1_000;
    const store = createMemoryStore({ now: () => now });
    expect(await store.peek('k')).toEqual({ count: 0, resetInMs: 0 });
    await store.hit('k', 100);
    now += 30;
    expect(await store.peek('k')).toEqual({ count: 1, resetInMs: 70 });
    expect(await store.peek('k')).toEqual({ count: 1, resetInMs: 70 });
    expect((await store.hit('k', 100)).count).toBe(2);
    now += 70;
    expect(await store.peek('k')).toEqual({ count: 0, resetInMs: 0 });
  });

  it('keeps at most maxKeys counters, forgetting the least recently counted', async () => {
    const store = createMemoryStore({ maxKeys: 3 });
    for (const key of ['a', 'b', 'c']) await store.hit(key, 60_000);
    await store.hit('a', 60_000);
    await store.hit('d', 60_000);
    expect((await store.peek('b')).count).toBe(0);
    expect((await store.peek('a')).count).toBe(2);
    expect((await store.peek('c')).count).toBe(1);
    expect((await store.peek('d')).count).toBe(1);
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
      expect((await store.peek('k')).count).toBe(5);
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
  const store = createRedisStore(redisUrl ?? '', `rentora-test:${randomBytes(6).toString('hex')}:`, {
    onOutage: (error) => outages.push(error),
    onRecovery: () => {},
  });
  beforeAll(() => store.settled);
  afterAll(async () => {
    await store.close();
    expect(outages).toEqual([]);
  });

  it('counts within a window and peeks without counting', async () => {
    expect(await store.peek('k')).toEqual({ count: 0, resetInMs: 0 });
    expect((await store.hit('k', 60_000)).count).toBe(1);
    expect((await store.hit('k', 60_000)).count).toBe(2);
    const first = await store.peek('k');
    expect(first.count).toBe(2);
    expect(first.resetInMs).toBeGreaterThan(0);
    expect(first.resetInMs).toBeLessThanOrEqual(60_000);
    expect((await store.peek('k')).count).toBe(2);
    expect((await store.hit('k', 60_000)).count).toBe(3);
  });

  it('sees nothing once the window ends', async () => {
    await store.hit('short', 50);
    expect((await store.peek('short')).count).toBe(1);
    await sleep(120);
    expect(await store.peek('short')).toEqual({ count: 0, resetInMs: 0 });
  });
});
