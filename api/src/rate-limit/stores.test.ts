import { createMemoryStore } from './stores';

describe('memory counter store', () => {
  it('counts within a window and starts again after it', async () => {
    let now = 1_000;
    const store = createMemoryStore(() => now);
    expect(await store.hit('k', 100)).toEqual({ count: 1, resetInMs: 100 });
    now += 40;
    expect(await store.hit('k', 100)).toEqual({ count: 2, resetInMs: 60 });
    expect((await store.hit('other', 100)).count).toBe(1);
    now += 60;
    expect(await store.hit('k', 100)).toEqual({ count: 1, resetInMs: 100 });
  });
});
