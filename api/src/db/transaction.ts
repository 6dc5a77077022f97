import type { Kysely, Transaction } from 'kysely';
import { contended } from '../errors';
import type { Database } from './schema';
import { isConnectionDrop, isTransientConflict } from './unavailable';

/** Deadlocks and serialization failures are retried this many times in all before giving up. */
const CONFLICT_ATTEMPTS = 3;
/**
 * A transaction whose connection dropped before COMMIT runs this many times in all: a failover
 * can end the connection a rerun just took, before the pool has learned that it died too.
 */
const DROP_ATTEMPTS = 3;

/**
 * Runs `work` in a transaction. When PostgreSQL drops the connection before COMMIT was sent, it
 * rolls the transaction back, so `work` is run again on another connection (up to
 * `DROP_ATTEMPTS` runs in all). A drop during
 * COMMIT itself leaves the outcome unknown: that one is not run again (it arrives as
 * `CommitOutcomeUnknown`, a 503). A deadlock or serialization failure runs `work` again too (up to
 * `CONFLICT_ATTEMPTS` runs in all): the rerun sees what the winner committed, so it gives the
 * answer it would have given after it. Lost every time, it gives `onContended()`'s answer, by
 * default a 409 to try again: losing a race is never the server's failure (docs/architecture.md §4).
 */
export async function runInTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
  onContended: () => T = () => {
    throw contended();
  },
): Promise<T> {
  for (let conflicts = 0, drops = 0; ;) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (isConnectionDrop(error) && drops < DROP_ATTEMPTS - 1) {
        drops += 1;
      } else if (isTransientConflict(error)) {
        conflicts += 1;
        if (conflicts === CONFLICT_ATTEMPTS) return onContended();
      } else {
        throw error;
      }
    }
  }
}
