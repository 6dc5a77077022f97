import { createWorkGate } from './work-gate';

const FULL = new Error('full');

describe('createWorkGate', () => {
  it('runs up to the limit at once, queues a few, refuses the rest, and frees slots as jobs end', async () => {
    const gate = createWorkGate(2, 1, () => FULL);
    let running = 0;
    let mostAtOnce = 0;
    const finishers: (() => void)[] = [];
    const job = () =>
      gate.run(async () => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await new Promise<void>((resolve) => finishers.push(resolve));
        running -= 1;
      });
    const accepted = [job(), job(), job()];
    await expect(job()).rejects.toBe(FULL);
    await Promise.resolve();
    expect(finishers).toHaveLength(2);

    finishers.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
    expect(finishers).toHaveLength(2);
    finishers.splice(0).forEach((finish) => finish());
    await Promise.all(accepted);
    expect(mostAtOnce).toBe(2);

    const after = [job(), job()];
    await new Promise((resolve) => setImmediate(resolve));
    finishers.splice(0).forEach((finish) => finish());
    await Promise.all(after);
  });
});
