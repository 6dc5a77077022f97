import { createSigner, createVerifier } from 'fast-jwt';
import { setWithinBound } from '../bounded-map';

const ISSUER = 'rentora-api';
const AUDIENCE = 'rentora-web';
const LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** Signed-in users whose tokens are remembered as verified: a few megabytes at most. */
const MAX_REMEMBERED = 10_000;

export interface TokenService {
  issue(userId: number): string;
  /** The user id a valid token names, or undefined for anything else (never throws). */
  verify(token: string): number | undefined;
}

interface Verified {
  userId: number;
  expiresAtMs: number;
}

/**
 * HS256 only: a token declaring `none` or any other algorithm is refused by the verifier.
 *
 * Each token that verified is remembered until it expires, so a signed-in user's requests skip the
 * signature check. fast-jwt's own cache hashes every token to make its key, which cost as much as
 * verifying it; its reason, keeping tokens out of a heap dump, does not hold here, as the signing
 * secret is in the same heap. Only tokens that verified are remembered, so the bound on entries
 * cannot be filled by anyone without the secret.
 */
export function createTokenService(secret: string): TokenService {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: LIFETIME_MS, iss: ISSUER, aud: AUDIENCE });
  const decode = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    allowedAud: AUDIENCE,
    requiredClaims: ['sub', 'exp', 'iss', 'aud'],
  });
  const remembered = new Map<string, Verified>();

  const check = (token: string): Verified | undefined => {
    try {
      const { sub, exp } = decode(token) as { sub?: unknown; exp?: unknown };
      const userId = typeof sub === 'string' && /^\d{1,15}$/.test(sub) ? Number(sub) : Number.NaN;
      if (!Number.isSafeInteger(userId) || userId <= 0 || typeof exp !== 'number') return undefined;
      return { userId, expiresAtMs: exp * 1000 };
    } catch {
      return undefined;
    }
  };

  return {
    issue: (userId) => sign({ sub: String(userId) }),
    verify: (token) => {
      let verified = remembered.get(token);
      if (verified === undefined) {
        verified = check(token);
        if (verified === undefined) return undefined;
        setWithinBound(remembered, token, verified, MAX_REMEMBERED);
      }
      if (Date.now() < verified.expiresAtMs) return verified.userId;
      remembered.delete(token);
      return undefined;
    },
  };
}
