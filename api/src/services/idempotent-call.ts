import { createHash } from 'node:crypto';
import type { Engine } from '../db/connect';
import { isUniqueViolation } from '../db/violations';
import { ApiError } from '../errors';
import type { Executor } from '../repositories/executor';
import { findStoredAnswer, storeAnswer } from '../repositories/idempotency';

export const KEY_REUSED_FOR_ANOTHER_CALL = 'This Idempotency-Key was already used for a different request.';

/** A call's answer: its status and its body. */
export interface CallAnswer {
  statusCode: number;
  body: { message: string } & Record<string, unknown>;
}

/**
 * A call made once per Idempotency-Key (a payment's verify, a change of dates): the same key with
 * the same request answers the first answer again; the same key with another request is refused
 * (422). Answers are kept once they are final (2xx and 4xx): a 5xx may be tried again. Two
 * requests with one key at once both run (each call is idempotent in itself) and the second
 * keeps the first's answer.
 */
export async function idempotentCall(
  db: Executor,
  engine: Engine,
  caller: { userId: number; key: string | undefined; request: unknown },
  run: () => Promise<CallAnswer>,
): Promise<CallAnswer> {
  const { userId, key } = caller;
  if (key === undefined) return run();
  const fingerprint = createHash('sha256').update(JSON.stringify(caller.request)).digest('base64url');
  const replay = async (): Promise<CallAnswer | undefined> => {
    const stored = await findStoredAnswer(db, engine, userId, key);
    if (stored === undefined) return undefined;
    if (stored.fingerprint !== fingerprint) throw new ApiError(422, KEY_REUSED_FOR_ANOTHER_CALL);
    return {
      statusCode: stored.statusCode,
      body: (stored.answer ?? { message: stored.message }) as CallAnswer['body'],
    };
  };
  const earlier = await replay();
  if (earlier !== undefined) return earlier;
  let answer: CallAnswer;
  try {
    answer = await run();
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode >= 500) throw error;
    answer = { statusCode: error.statusCode, body: { message: error.message } };
  }
  try {
    await storeAnswer(db, engine, userId, key, {
      fingerprint,
      statusCode: answer.statusCode,
      message: answer.body.message,
      answer: answer.body,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return (await replay()) ?? answer;
  }
  return answer;
}
