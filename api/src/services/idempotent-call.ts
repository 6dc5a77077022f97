import { createHash } from 'node:crypto';
import type { Engine } from '../db/connect';
import { isUniqueViolation } from '../db/violations';
import { ApiError } from '../errors';
import type { Executor } from '../repositories/executor';
import { findStoredAnswer, storeAnswer } from '../repositories/idempotency';

export const KEY_REUSED_FOR_ANOTHER_CALL = 'This Idempotency-Key was already used for a different request.';

/**
 * A call's answer: its status and its body. A refusal's body is `{ message }`, so `Body` is what
 * a success answers when the status says so.
 */
export interface CallAnswer<Body extends object = { message: string } & Record<string, unknown>> {
  statusCode: number;
  body: Body;
}

/** What an answer says in words: a refusal's message, or a success's when it has one. */
export const messageOf = (answer: CallAnswer<object>): string =>
  'message' in answer.body && typeof answer.body.message === 'string' ? answer.body.message : '';

/** Who calls with which Idempotency-Key, for what: the request is what a reused key must match. */
export interface KeyedCaller {
  userId: number;
  key: string;
  request: unknown;
}

const fingerprintOf = (request: unknown) => createHash('sha256').update(JSON.stringify(request)).digest('base64url');

/** The answer kept for this caller's key, if any; the key kept for another request is refused (422). */
export async function keptAnswer<Body extends object>(
  db: Executor,
  engine: Engine,
  caller: KeyedCaller,
): Promise<CallAnswer<Body> | undefined> {
  const stored = await findStoredAnswer(db, engine, caller.userId, caller.key);
  if (stored === undefined) return undefined;
  if (stored.fingerprint !== fingerprintOf(caller.request)) throw new ApiError(422, KEY_REUSED_FOR_ANOTHER_CALL);
  return { statusCode: stored.statusCode, body: (stored.answer ?? { message: stored.message }) as Body };
}

/** Keeps the first answer to this caller's key (a second one for the key is a unique violation). */
export const keepAnswer = (db: Executor, engine: Engine, caller: KeyedCaller, answer: CallAnswer<object>) =>
  storeAnswer(db, engine, caller.userId, caller.key, {
    fingerprint: fingerprintOf(caller.request),
    statusCode: answer.statusCode,
    message: messageOf(answer),
    answer: answer.body,
  });

/**
 * A call made once per Idempotency-Key (a payment's verify, a change of dates): the same key with
 * the same request answers the first answer again; the same key with another request is refused
 * (422). Answers are kept once they are final (2xx and 4xx): a 5xx may be tried again. Two
 * requests with one key at once both run (each such call is idempotent in itself) and the second
 * keeps the first's answer. A call that is not (money taken at the desk) checks and keeps its key
 * inside its own transaction instead, with `keptAnswer` and `keepAnswer`.
 */
export async function idempotentCall<Body extends object>(
  db: Executor,
  engine: Engine,
  caller: { userId: number; key: string | undefined; request: unknown },
  run: () => Promise<CallAnswer<Body>>,
): Promise<CallAnswer<Body>> {
  const { key } = caller;
  if (key === undefined) return run();
  const keyed = { ...caller, key };
  const earlier = await keptAnswer<Body>(db, engine, keyed);
  if (earlier !== undefined) return earlier;
  let answer: CallAnswer<Body>;
  try {
    answer = await run();
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode >= 500) throw error;
    answer = { statusCode: error.statusCode, body: { message: error.message } as Body };
  }
  try {
    await keepAnswer(db, engine, keyed, answer);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return (await keptAnswer<Body>(db, engine, keyed)) ?? answer;
  }
  return answer;
}
