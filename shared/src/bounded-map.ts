/**
 * Sets `key` in `map` as its newest entry, first removing the oldest when the map already holds
 * `maxEntries`: a bound on memory, not a policy that needs to be clever.
 */
export function setWithinBound<K, V>(map: Map<K, V>, key: K, value: V, maxEntries: number): void {
  map.delete(key);
  if (map.size >= maxEntries) {
    const oldest = map.keys().next();
    if (oldest.done !== true) map.delete(oldest.value);
  }
  map.set(key, value);
}
