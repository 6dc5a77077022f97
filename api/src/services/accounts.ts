import type { LoginPayload, SignUpPayload } from '@rentora/shared';
import { checkCredentials, checkSignUp } from '@rentora/shared/rules';
import type { Kysely } from 'kysely';
import type { Passwords } from '../auth/passwords';
import type { TokenClaims } from '../auth/tokens';
import type { Engine } from '../db/connect';
import type { Database } from '../db/schema';
import { runInTransaction } from '../db/transaction';
import { isUniqueViolation } from '../db/violations';
import { ApiError } from '../errors';
import { revokeEveryToken, revokeToken } from '../repositories/sessions';
import { findUserByEmail, insertUser } from '../repositories/users';

export const EMAIL_TAKEN = 'An account with this email already exists. Please log in instead.';
export const WRONG_CREDENTIALS = 'Incorrect email or password.';

/** Creates the account and answers whom to issue a token. */
export async function register(
  db: Kysely<Database>,
  passwords: Passwords,
  payload: SignUpPayload,
): Promise<TokenSubject> {
  const check = checkSignUp(payload);
  if (!check.ok) throw new ApiError(400, check.message);
  if ((await findUserByEmail(db, payload.email)) !== undefined) throw new ApiError(409, EMAIL_TAKEN);
  const passwordHash = await passwords.hash(payload.password);
  try {
    // A transaction of its own: a connection dropped before COMMIT runs it again, where a lone
    // INSERT's outcome would be unknown (docs/architecture.md §4).
    const created = await runInTransaction(db, (trx) =>
      insertUser(trx, {
        name: payload.name.trim(),
        email: payload.email,
        password_hash: passwordHash,
        avatar: payload.avatar,
      }),
    );
    return { userId: created.id, tokenVersion: created.token_version };
  } catch (error) {
    // Two sign-ups with one email at once: the unique index decides.
    if (isUniqueViolation(error)) throw new ApiError(409, EMAIL_TAKEN);
    throw error;
  }
}

/** Who a token is issued to: the account and its current token version. */
export interface TokenSubject {
  userId: number;
  tokenVersion: number;
}

/** Answers whom to issue a token, or one 401 for an unknown email and a wrong password alike. */
export async function logIn(db: Kysely<Database>, passwords: Passwords, payload: LoginPayload): Promise<TokenSubject> {
  const check = checkCredentials(payload);
  if (!check.ok) throw new ApiError(400, check.message);
  const user = await findUserByEmail(db, payload.email);
  const matches = await passwords.verify(payload.password, user?.password_hash);
  if (user === undefined || !matches) throw new ApiError(401, WRONG_CREDENTIALS);
  return { userId: user.id, tokenVersion: user.token_version };
}

/** Ends the session of this token, on every instance. */
export async function logOut(db: Kysely<Database>, engine: Engine, claims: TokenClaims): Promise<void> {
  await runInTransaction(db, (trx) => revokeToken(trx, engine, claims));
}

/** Ends every session of the account, on every device. */
export async function logOutEverywhere(db: Kysely<Database>, userId: number): Promise<void> {
  await runInTransaction(db, (trx) => revokeEveryToken(trx, userId));
}
