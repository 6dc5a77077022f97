import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';
import { ApiError, BUSY, BUSY_RETRY_AFTER_SECONDS } from '../errors';
import { createWorkGate } from './work-gate';

// OWASP's scrypt floor for interactive logins. Each hash needs 128 × N × r bytes (128 MiB).
const COST = 2 ** 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
const MAX_MEMORY = 256 * 1024 * 1024;
const SCHEME = 'scrypt';

/**
 * Hashing runs on libuv's small thread pool (4 threads) and takes 128 MiB each: at most two at
 * once leaves threads for everything else, and a short queue bounds the wait. A burst beyond it
 * (anonymous sign-ups or logins) is answered 429 with Retry-After instead of starving the rest:
 * contention that clients cause, not a failure of the server, so never a 5xx.
 */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE = 8;
const hashing = createWorkGate(HASH_CONCURRENCY, HASH_QUEUE, () => new ApiError(429, BUSY, BUSY_RETRY_AFTER_SECONDS));

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return hashing.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

/** `scrypt$N$r$p$salt$key`, salt and key in base64: the parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, { N: COST, r: BLOCK_SIZE, p: PARALLELISM });
  return [SCHEME, COST, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== SCHEME || salt === undefined || key === undefined) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Checked against when the email is unknown, so an unknown account costs as much time as a
 * wrong password and response times do not reveal which emails are registered.
 */
export const DECOY_HASH = [
  SCHEME,
  COST,
  BLOCK_SIZE,
  PARALLELISM,
  randomBytes(SALT_LENGTH).toString('base64'),
  randomBytes(KEY_LENGTH).toString('base64'),
].join('$');
