import type { Engine } from '../db/connect';
import { storedTimestamp } from '../db/timestamps';
import type { Executor } from './executor';

export interface StoredAnswer {
  fingerprint: string;
  statusCode: number;
  message: string;
  /** The whole answer, when it is more than its message. */
  answer?: unknown;
}

/** A retry comes within minutes; after a day a key means nothing and its row is pruned. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The creation time before which a key has expired. */
const expiryCutoff = (engine: Engine) => storedTimestamp(engine, Date.now() - IDEMPOTENCY_KEY_LIFETIME_MS);

export async function findStoredAnswer(
  db: Executor,
  engine: Engine,
  userId: number,
  key: string,
): Promise<StoredAnswer | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'status_code', 'body', 'answer'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('created_at', '>=', expiryCutoff(engine))
    .executeTakeFirst();
  return (
    row && {
      fingerprint: row.fingerprint,
      statusCode: row.status_code,
      message: row.body,
      ...(row.answer === null ? {} : { answer: JSON.parse(row.answer) as unknown }),
    }
  );
}

/**
 * Stores the first answer to a key, pruning the user's expired keys first so an expired key can
 * be used anew. Only the user's own rows: their writes are serialised already, so this never
 * waits on another user's transaction.
 */
export async function storeAnswer(
  db: Executor,
  engine: Engine,
  userId: number,
  key: string,
  answer: StoredAnswer,
): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('created_at', '<', expiryCutoff(engine))
    .execute();
  await db
    .insertInto('idempotency_keys')
    .values({
      user_id: userId,
      key,
      fingerprint: answer.fingerprint,
      status_code: answer.statusCode,
      body: answer.message,
      answer: answer.answer === undefined ? null : JSON.stringify(answer.answer),
    })
    .execute();
}

/** Deletes every expired key (of users who booked nothing since); answers how many. */
export async function pruneExpiredKeys(db: Executor, engine: Engine): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', expiryCutoff(engine))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
