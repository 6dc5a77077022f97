import type { TokenClaims } from '../auth/tokens';
import type { Engine } from '../db/connect';
import { precompiled } from '../db/precompiled';
import { storedTimestamp } from '../db/timestamps';
import type { Executor } from './executor';
import type { Account } from './users';

/**
 * What the database says of a genuine token (docs/decisions/0014-accounts-and-abuse.md): it opens
 * a session while its account exists and was created before the token was issued (an id handed
 * out again after a reset can never be someone else's), the account's token version is still the
 * one it carries, and the token itself has not been logged out.
 */
export interface SessionKey {
  userId: number;
  version: number;
  tokenId: string;
  /** The token's issue time as the engine stores timestamps, with `ISSUE_TIME_SLACK_MS` added. */
  issuedBefore: string;
}

/** `iat` counts whole seconds, and the database's clock (PostgreSQL's) may run a little ahead of this process's. */
const ISSUE_TIME_SLACK_MS = 2_000;

export function sessionKey(engine: Engine, claims: TokenClaims): SessionKey {
  return {
    userId: claims.userId,
    version: claims.version,
    tokenId: claims.tokenId,
    issuedBefore: storedTimestamp(engine, claims.issuedAtMs + ISSUE_TIME_SLACK_MS),
  };
}

const sessionAccounts = precompiled(
  (db: Executor, userId: number, version: number, issuedBefore: string, tokenId: string) =>
    db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'avatar', 'role'])
      .where('id', '=', userId)
      .where('token_version', '=', version)
      .where('created_at', '<', issuedBefore)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', tokenId)))),
);

/** Read on every signed-in request: the account a token opens, if its session is still open. */
export async function findSessionAccount(db: Executor, key: SessionKey): Promise<Account | undefined> {
  const [account] = await sessionAccounts(db, key.userId, key.version, key.issuedBefore, key.tokenId);
  return account;
}

/** Logs one token out: it is refused from now on, on every instance, until it would have expired anyway. */
export async function revokeToken(db: Executor, engine: Engine, claims: TokenClaims): Promise<void> {
  await db
    .insertInto('revoked_tokens')
    .values({ jti: claims.tokenId, user_id: claims.userId, expires_at: storedTimestamp(engine, claims.expiresAtMs) })
    .onConflict((conflict) => conflict.column('jti').doNothing())
    .execute();
}

/** Logs every token of an account out: they all carry an older version from now on. */
export async function revokeEveryToken(db: Executor, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** Forgets revoked tokens that have expired since (they are refused for their expiry now); answers how many. */
export async function pruneRevokedTokens(db: Executor, engine: Engine): Promise<number> {
  const result = await db
    .deleteFrom('revoked_tokens')
    .where('expires_at', '<', storedTimestamp(engine, Date.now()))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
