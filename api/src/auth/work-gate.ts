/** Runs at most `concurrency` jobs at once with at most `queue` waiting; beyond that, `onFull` is thrown. */
export interface WorkGate {
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function createWorkGate(concurrency: number, queue: number, onFull: () => Error): WorkGate {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next === undefined) active -= 1;
    else next();
  };
  return {
    run: async (work) => {
      if (active < concurrency) active += 1;
      else if (waiting.length >= queue) throw onFull();
      // The slot of the job that ends is handed over as it is: `active` stays the same.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
