import { setWithinBound } from '@rentora/shared/bounded-map';
import type { ChangeSignal } from '../db/change-signal';

/**
 * Answers of hot reads (a car's booked dates, a user's rentals), kept until the database changes.
 * An entry belongs to the change generation read before its query was sent, so a write at any
 * moment after that makes it unusable: nothing stale is ever served, and a booking or a
 * cancellation shows on the very next read. Concurrent reads of one key share a single query.
 * Without a change signal (PostgreSQL) every read goes to the database.
 */
export interface ReadCache<K, V> {
  /** The value for `key` as of `day` (answers that depend on today's date are kept per day). */
  read(key: K, day: string, load: () => Promise<V>): Promise<V>;
}

interface Entry<V> {
  generation: number;
  day: string;
  value: Promise<V>;
}

export function createReadCache<K, V>(changes: ChangeSignal | undefined, maxEntries: number): ReadCache<K, V> {
  if (changes === undefined) return { read: (_key, _day, load) => load() };
  const entries = new Map<K, Entry<V>>();
  return {
    read: (key, day, load) => {
      const generation = changes.generation();
      const entry = entries.get(key);
      if (entry !== undefined && entry.generation === generation && entry.day === day) return entry.value;
      const value = load();
      // A failed read is not kept: the next request asks the database again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      setWithinBound(entries, key, { generation, day, value }, maxEntries);
      return value;
    },
  };
}
