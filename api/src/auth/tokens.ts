import { createSigner, createVerifier } from 'fast-jwt';

const ISSUER = 'rentora-api';
const AUDIENCE = 'rentora-web';
const LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export interface TokenService {
  issue(userId: number): string;
  /** The user id a valid token names, or undefined for anything else (never throws). */
  verify(token: string): number | undefined;
}

/** HS256 only: a token declaring `none` or any other algorithm is refused by the verifier. */
export function createTokenService(secret: string): TokenService {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: LIFETIME_MS, iss: ISSUER, aud: AUDIENCE });
  const decode = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    allowedAud: AUDIENCE,
    requiredClaims: ['sub', 'exp', 'iss', 'aud'],
    cache: true,
  });
  return {
    issue: (userId) => sign({ sub: String(userId) }),
    verify: (token) => {
      try {
        const { sub } = decode(token) as { sub?: unknown };
        const id = typeof sub === 'string' && /^\d{1,15}$/.test(sub) ? Number(sub) : Number.NaN;
        return Number.isSafeInteger(id) && id > 0 ? id : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
