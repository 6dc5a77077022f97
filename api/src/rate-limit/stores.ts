import Redis from 'ioredis';
import { setWithinBound } from '@rentora/shared/bounded-map';

export interface Hit {
  count: number;
  /** Milliseconds until this key's window ends. */
  resetInMs: number;
}

/** Fixed-window attempt counters. */
export interface CounterStore {
  hit(key: string, windowMs: number): Promise<Hit>;
  /** Takes back one hit of the current window (an attempt counted ahead that turned out not to count). */
  refund(key: string): Promise<void>;
  close(): Promise<void>;
}

const SWEEP_EVERY_MS = 60_000;
/** Enough for every client of a busy hour; beyond it the least recently counted key is forgotten. */
export const DEFAULT_MAX_KEYS = 100_000;

export interface MemoryStoreOptions {
  now?: () => number;
  maxKeys?: number;
}

export function createMemoryStore({
  now = Date.now,
  maxKeys = DEFAULT_MAX_KEYS,
}: MemoryStoreOptions = {}): CounterStore {
  // A Map iterates in insertion order: re-inserting a key on every hit keeps the least recent first.
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
      if (window === undefined || window.resetAt <= time) window = { count: 0, resetAt: time + windowMs };
      window.count += 1;
      setWithinBound(windows, key, window, maxKeys);
      return { count: window.count, resetInMs: window.resetAt - time };
    },
    refund: async (key) => {
      const window = windows.get(key);
      if (window !== undefined && window.resetAt > now() && window.count > 0) window.count -= 1;
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

// Only a window still open, and never below zero.
const REFUND_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

/** A login must never wait on Redis for long: a slow or absent Redis fails fast and counting moves to memory. */
export const REDIS_COMMAND_TIMEOUT_MS = 200;

export interface RedisStoreOptions {
  /** Redis went away (once per outage). */
  onOutage: (error: Error) => void;
  /** Redis answers again. */
  onRecovery: () => void;
}

/**
 * Counters in Redis, shared by every instance. While Redis is unreachable, counting goes on in
 * this instance's memory (per-instance limits beat none, and beat refusing everyone).
 */
export function createRedisStore(
  url: string,
  keyPrefix: string,
  options: RedisStoreOptions,
): CounterStore & { settled: Promise<void> } {
  const redis = new Redis(url, {
    keyPrefix,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    // Without a connection a command fails at once instead of waiting in a queue.
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  const fallback = createMemoryStore();
  // Until the first connection is made, counts go to memory without a warning.
  let state: 'connecting' | 'up' | 'down' = 'connecting';
  const outage = (error: Error) => {
    if (state === 'down') return;
    state = 'down';
    options.onOutage(error);
  };
  redis.on('error', outage);
  redis.on('ready', () => {
    if (state === 'down') options.onRecovery();
    state = 'up';
  });
  // The first connection attempt has ended, either way (bounded by connectTimeout).
  const settled = new Promise<void>((resolve) => {
    redis.once('ready', () => resolve());
    redis.once('error', () => resolve());
  });

  const withFallback = async <T>(inRedis: () => Promise<T>, inMemory: () => Promise<T>): Promise<T> => {
    if (state !== 'up') return inMemory();
    try {
      return await inRedis();
    } catch (error) {
      outage(error instanceof Error ? error : new Error(String(error)));
      return inMemory();
    }
  };

  return {
    settled,
    hit: (key, windowMs) =>
      withFallback(
        async () => {
          const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, key, windowMs)) as [number, number];
          return { count, resetInMs: ttl > 0 ? ttl : windowMs };
        },
        () => fallback.hit(key, windowMs),
      ),
    refund: (key) =>
      withFallback(
        async () => {
          await redis.eval(REFUND_SCRIPT, 1, key);
        },
        () => fallback.refund(key),
      ),
    close: async () => {
      await fallback.close();
      redis.disconnect();
    },
  };
}
