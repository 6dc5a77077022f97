import { createSigner } from 'fast-jwt';
import { createTokenService } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

describe('token service', () => {
  afterEach(() => jest.useRealTimers());

  it('names the user, the version and a token id of its own, again and again', () => {
    const tokens = createTokenService(SECRET);
    const token = tokens.issue(42, 3);
    const claims = tokens.verify(token);
    expect(claims).toEqual({
      userId: 42,
      version: 3,
      tokenId: expect.stringMatching(/^[\w-]{22}$/) as unknown,
      issuedAtMs: expect.any(Number) as unknown,
      expiresAtMs: expect.any(Number) as unknown,
    });
    expect(tokens.verify(token)).toEqual(claims);
    expect(tokens.verify(tokens.issue(42, 3))?.tokenId).not.toBe(claims?.tokenId);
  });

  it('refuses a token that was verified before once it has expired', () => {
    jest.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z') });
    const tokens = createTokenService(SECRET);
    const token = tokens.issue(7, 0);
    expect(tokens.verify(token)?.userId).toBe(7);
    jest.setSystemTime(Date.now() + WEEK_MS + 1_000);
    expect(tokens.verify(token)).toBeUndefined();
  });

  it('refuses a token one character away from one it accepted', () => {
    const tokens = createTokenService(SECRET);
    const token = tokens.issue(7, 0);
    expect(tokens.verify(token)?.userId).toBe(7);
    // A character inside the signature, where every bit counts.
    const at = token.length - 10;
    const other = token[at] === 'A' ? 'B' : 'A';
    expect(tokens.verify(`${token.slice(0, at)}${other}${token.slice(at + 1)}`)).toBeUndefined();
    expect(tokens.verify(`${token} `)).toBeUndefined();
  });

  it('refuses a token of another secret', () => {
    const token = createTokenService(`${SECRET}-other`).issue(7, 0);
    expect(createTokenService(SECRET).verify(token)).toBeUndefined();
  });

  it('refuses a genuine token without a version or an id of its own (issued before sessions could end)', () => {
    const sign = createSigner({
      key: SECRET,
      algorithm: 'HS256',
      iss: 'rentora-api',
      aud: 'rentora-web',
      expiresIn: 60_000,
    });
    const tokens = createTokenService(SECRET);
    expect(tokens.verify(sign({ sub: '7' }))).toBeUndefined();
    expect(tokens.verify(sign({ sub: '7', ver: 0 }))).toBeUndefined();
    expect(tokens.verify(sign({ sub: '7', jti: 'abcdefghijklmnopqrstuv' }))).toBeUndefined();
    expect(tokens.verify(sign({ sub: '7', ver: 0, jti: 'abcdefghijklmnopqrstuv' }))?.userId).toBe(7);
  });
});
