import { randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { setWithinBound } from '@rentora/shared/bounded-map';

const ISSUER = 'rentora-api';
const AUDIENCE = 'rentora-web';
const LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** Signed-in users whose tokens are remembered as verified: a few megabytes at most. */
const MAX_REMEMBERED = 10_000;
const TOKEN_ID = /^[\w-]{16,64}$/;

/** What a genuine, unexpired token says. Whether it still opens a session is the database's to say. */
export interface TokenClaims {
  userId: number;
  /** The account's token version when it was issued: "log out everywhere" moves the account's on. */
  version: number;
  /** This token's own id (`jti`): logging out revokes it alone. */
  tokenId: string;
  issuedAtMs: number;
  expiresAtMs: number;
}

export interface TokenService {
  issue(userId: number, version: number): string;
  /** The claims of a valid token, or undefined for anything else (never throws). */
  verify(token: string): TokenClaims | undefined;
  /** Stops remembering a token (it was revoked): it will be verified afresh if it comes again. */
  forget(token: string): void;
}

const isWholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/**
 * HS256 only: a token declaring `none` or any other algorithm is refused by the verifier.
 *
 * Each token that verified is remembered until it expires, so a signed-in user's requests skip the
 * signature check. fast-jwt's own cache hashes every token to make its key, which cost as much as
 * verifying it; its reason, keeping tokens out of a heap dump, does not hold here, as the signing
 * secret is in the same heap. Only tokens that verified are remembered, so the bound on entries
 * cannot be filled by anyone without the secret. What is remembered is only what the signature
 * proves: whether the token has been revoked since is asked of the database on every request
 * (`findSessionAccount`), so no instance's memory outlives a logout.
 */
export function createTokenService(secret: string): TokenService {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: LIFETIME_MS, iss: ISSUER, aud: AUDIENCE });
  const decode = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    allowedAud: AUDIENCE,
    requiredClaims: ['sub', 'ver', 'jti', 'iat', 'exp', 'iss', 'aud'],
  });
  const remembered = new Map<string, TokenClaims>();

  const check = (token: string): TokenClaims | undefined => {
    try {
      const { sub, ver, jti, iat, exp } = decode(token) as Record<string, unknown>;
      const userId = typeof sub === 'string' && /^\d{1,15}$/.test(sub) ? Number(sub) : Number.NaN;
      if (!Number.isSafeInteger(userId) || userId <= 0) return undefined;
      if (!isWholeNumber(ver) || ver < 0 || typeof jti !== 'string' || !TOKEN_ID.test(jti)) return undefined;
      if (!isWholeNumber(iat) || !isWholeNumber(exp)) return undefined;
      return { userId, version: ver, tokenId: jti, issuedAtMs: iat * 1000, expiresAtMs: exp * 1000 };
    } catch {
      return undefined;
    }
  };

  return {
    issue: (userId, version) => sign({ sub: String(userId), ver: version, jti: randomBytes(16).toString('base64url') }),
    verify: (token) => {
      let claims = remembered.get(token);
      if (claims === undefined) {
        claims = check(token);
        if (claims === undefined) return undefined;
        setWithinBound(remembered, token, claims, MAX_REMEMBERED);
      }
      if (Date.now() < claims.expiresAtMs) return claims;
      remembered.delete(token);
      return undefined;
    },
    forget: (token) => {
      remembered.delete(token);
    },
  };
}
