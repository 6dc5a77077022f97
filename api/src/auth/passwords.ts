import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';
import { ApiError, BUSY, BUSY_RETRY_AFTER_SECONDS } from '../errors';
import { createWorkGate } from './work-gate';

/**
 * scrypt's cost N for new hashes: each needs 128 × N × r bytes. Production's is OWASP's floor for
 * interactive logins (128 MiB per hash); `loadConfig` gives it whatever the environment says.
 */
export const PRODUCTION_PASSWORD_COST = 2 ** 17;
/**
 * The Jest suites' cost (1 MiB, a few milliseconds per hash), set by `testConfig` alone: no
 * environment variable reaches it. The suites sign up hundreds of accounts, and at production's
 * cost two Jest workers hashing at once starve each other past their timeouts.
 */
export const TEST_PASSWORD_COST = 2 ** 10;
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

export interface Passwords {
  /** `scrypt$N$r$p$salt$key`, salt and key in base64: the parameters travel with the hash. */
  hash(password: string): Promise<string>;
  /**
   * Whether the password is the stored hash's (at the hash's own parameters). With no stored hash
   * (an unknown email) it checks against a decoy of the same cost, so an unknown account costs as
   * much time as a wrong password and response times do not reveal which emails are registered.
   */
  verify(password: string, stored: string | undefined): Promise<boolean>;
}

/** Hashing at scrypt cost `cost` (AppConfig's `passwordCost`). */
export function passwordsAt(cost: number): Passwords {
  const decoy = [
    SCHEME,
    cost,
    BLOCK_SIZE,
    PARALLELISM,
    randomBytes(SALT_LENGTH).toString('base64'),
    randomBytes(KEY_LENGTH).toString('base64'),
  ].join('$');
  return {
    hash: async (password) => {
      const salt = randomBytes(SALT_LENGTH);
      const key = await derive(password, salt, { N: cost, r: BLOCK_SIZE, p: PARALLELISM });
      return [SCHEME, cost, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
    },
    verify: async (password, stored = decoy) => {
      const [scheme, n, r, p, salt, key] = stored.split('$');
      if (scheme !== SCHEME || salt === undefined || key === undefined) return false;
      const expected = Buffer.from(key, 'base64');
      const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
