/**
 * A fresh random key for one booking attempt. Built from getRandomValues, which every browser
 * has; crypto.randomUUID exists only on https or localhost pages.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
