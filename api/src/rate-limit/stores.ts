import Redis from 'ioredis';

export interface Hit {
  count: number;
  /** Milliseconds until this key's window ends. */
  resetInMs: number;
}

/** Fixed-window attempt counters. */
export interface CounterStore {
  hit(key: string, windowMs: number): Promise<Hit>;
  /** The current window's count without adding to it: 0 (and resetInMs 0) when no window is open. */
  peek(key: string): Promise<Hit>;
  close(): Promise<void>;
}

const SWEEP_EVERY_MS = 60_000;

export function createMemoryStore(now: () => number = Date.now): CounterStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = now() + SWEEP_EVERY_MS;
  return {
    hit: async (key, windowMs) => {
      const time = now();
      if (time >= nextSweep) {
        for (const [name, window] of windows) if (window.resetAt <= time) windows.delete(name);
        nextSweep = time + SWEEP_EVERY_MS;
      }
      let window = windows.get(key);
      if (window === undefined || window.resetAt <= time) {
        window = { count: 0, resetAt: time + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetInMs: window.resetAt - time };
    },
    peek: async (key) => {
      const time = now();
      const window = windows.get(key);
      if (window === undefined || window.resetAt <= time) return { count: 0, resetInMs: 0 };
      return { count: window.count, resetInMs: window.resetAt - time };
    },
    close: async () => {
      windows.clear();
    },
  };
}

// Increment and start the window in one round trip, atomically, whichever instance asks.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }
`;

// Count and time left read together, so a window ending in between cannot pair an old count with no TTL.
const PEEK_SCRIPT = `
return { tonumber(redis.call('GET', KEYS[1]) or '0'), redis.call('PTTL', KEYS[1]) }
`;

export function createRedisStore(url: string, keyPrefix: string): CounterStore {
  const redis = new Redis(url, { keyPrefix, maxRetriesPerRequest: 1, lazyConnect: true });
  return {
    hit: async (key, windowMs) => {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, key, windowMs)) as [number, number];
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    peek: async (key) => {
      const [count, ttl] = (await redis.eval(PEEK_SCRIPT, 1, key)) as [number, number];
      return { count, resetInMs: ttl > 0 ? ttl : 0 };
    },
    close: async () => {
      await redis.quit();
    },
  };
}
