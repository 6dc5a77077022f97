/**
 * A bench server tells the bench, over IPC, how much CPU it has used (`cpu` → `{ cpuMicros }`)
 * and its resident memory (`rss` → `{ rss }`, after a collection when run with --expose-gc).
 */
export function answerCpuQueries(): void {
  process.on('message', (message) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpuMicros: user + system });
    }
    if (message === 'rss') {
      // Settled memory, not garbage waiting for a collection.
      globalThis.gc?.();
      process.send?.({ rss: process.memoryUsage().rss });
    }
  });
}
