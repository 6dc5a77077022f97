import type { Executor } from './executor';

export interface StoredAnswer {
  fingerprint: string;
  statusCode: number;
  message: string;
}

export async function findStoredAnswer(db: Executor, userId: number, key: string): Promise<StoredAnswer | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'status_code', 'body'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row && { fingerprint: row.fingerprint, statusCode: row.status_code, message: row.body };
}

export async function storeAnswer(db: Executor, userId: number, key: string, answer: StoredAnswer): Promise<void> {
  await db
    .insertInto('idempotency_keys')
    .values({
      user_id: userId,
      key,
      fingerprint: answer.fingerprint,
      status_code: answer.statusCode,
      body: answer.message,
    })
    .execute();
}
