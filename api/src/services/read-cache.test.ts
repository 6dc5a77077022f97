import type { ChangeSignal } from '../db/change-signal';
import { createReadCache } from './read-cache';

/** A change signal the test moves by hand. */
function manualSignal(): ChangeSignal & { change(): void } {
  let generation = 0;
  return {
    generation: () => generation,
    change: () => {
      generation += 1;
    },
  };
}

/** A load that counts its calls and answers `answer` and the call's number. */
function countingLoad(answer = 'value') {
  let calls = 0;
  const load = async () => {
    calls += 1;
    return `${answer} ${calls}`;
  };
  return Object.assign(load, { calls: () => calls });
}

describe('createReadCache', () => {
  it('answers from memory while the database is unchanged', async () => {
    const cache = createReadCache<number, string>(manualSignal(), 10);
    const load = countingLoad();
    expect(await cache.read(1, '2026-11-26', load)).toBe('value 1');
    expect(await cache.read(1, '2026-11-26', load)).toBe('value 1');
    expect(load.calls()).toBe(1);
  });

  it('reads again once the database has changed, and keeps keys apart', async () => {
    const signal = manualSignal();
    const cache = createReadCache<number, string>(signal, 10);
    const load = countingLoad();
    await cache.read(1, '2026-11-26', load);
    signal.change();
    expect(await cache.read(1, '2026-11-26', load)).toBe('value 2');
    expect(await cache.read(2, '2026-11-26', countingLoad('other'))).toBe('other 1');
  });

  it('reads again on a new day', async () => {
    const cache = createReadCache<number, string>(manualSignal(), 10);
    const load = countingLoad();
    await cache.read(1, '2026-11-26', load);
    expect(await cache.read(1, '2026-11-27', load)).toBe('value 2');
  });

  it('never keeps what was read while a write happened', async () => {
    const signal = manualSignal();
    const cache = createReadCache<number, string>(signal, 10);
    let finishRead: (value: string) => void = () => undefined;
    const slowRead = cache.read(1, '2026-11-26', () => new Promise<string>((resolve) => (finishRead = resolve)));
    signal.change();
    finishRead('before the write');
    expect(await slowRead).toBe('before the write');
    expect(await cache.read(1, '2026-11-26', async () => 'after the write')).toBe('after the write');
  });

  it('shares one database read between concurrent requests', async () => {
    const cache = createReadCache<number, string>(manualSignal(), 10);
    const load = countingLoad();
    const answers = await Promise.all([1, 2, 3].map(() => cache.read(1, '2026-11-26', load)));
    expect(answers).toEqual(['value 1', 'value 1', 'value 1']);
    expect(load.calls()).toBe(1);
  });

  it('does not keep a failed read', async () => {
    const cache = createReadCache<number, string>(manualSignal(), 10);
    await expect(cache.read(1, '2026-11-26', () => Promise.reject(new Error('database gone')))).rejects.toThrow(
      'database gone',
    );
    expect(await cache.read(1, '2026-11-26', async () => 'back')).toBe('back');
  });

  it('holds at most maxEntries answers, dropping the oldest', async () => {
    const cache = createReadCache<number, string>(manualSignal(), 2);
    const loads = [countingLoad('one'), countingLoad('two'), countingLoad('three')];
    for (const [index, load] of loads.entries()) await cache.read(index, '2026-11-26', load);
    for (const [index, load] of [...loads.entries()].reverse()) await cache.read(index, '2026-11-26', load);
    expect(loads.map((load) => load.calls())).toEqual([2, 1, 1]);
  });

  it('reads the database every time where there is no change signal (PostgreSQL)', async () => {
    const cache = createReadCache<number, string>(undefined, 10);
    const load = countingLoad();
    await cache.read(1, '2026-11-26', load);
    expect(await cache.read(1, '2026-11-26', load)).toBe('value 2');
  });
});
