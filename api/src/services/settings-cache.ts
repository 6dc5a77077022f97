import type { BusinessSettings } from '@rentora/shared/operator';
import type { Executor } from '../repositories/executor';
import { readSettings } from '../repositories/settings';

/**
 * The business's settings, read at most once per `ttlMs`: every quote and every booking prices
 * with them, and they change only when an admin saves. This instance's own save invalidates them
 * at once (routes/api/operator/settings); another instance's shows here within `ttlMs`.
 */
export interface SettingsCache {
  current(): Promise<BusinessSettings>;
  invalidate(): void;
}

export function createSettingsCache(db: Executor, ttlMs: number, now: () => number = Date.now): SettingsCache {
  let cached: { settings: Promise<BusinessSettings>; until: number } | undefined;
  return {
    current() {
      const time = now();
      if (cached === undefined || time >= cached.until) {
        const reading = { settings: readSettings(db), until: time + ttlMs };
        cached = reading;
        // A failed read is not kept: the next caller reads again.
        reading.settings.catch(() => {
          if (cached === reading) cached = undefined;
        });
      }
      return cached.settings;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
