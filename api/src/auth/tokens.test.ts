import { createTokenService } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

describe('token service', () => {
  afterEach(() => jest.useRealTimers());

  it('names the user of a token it issued, again and again', () => {
    const tokens = createTokenService(SECRET);
    const token = tokens.issue(42);
    expect(tokens.verify(token)).toBe(42);
    expect(tokens.verify(token)).toBe(42);
  });

  it('refuses a token that was verified before once it has expired', () => {
    jest.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z') });
    const tokens = createTokenService(SECRET);
    const token = tokens.issue(7);
    expect(tokens.verify(token)).toBe(7);
    jest.setSystemTime(Date.now() + WEEK_MS + 1_000);
    expect(tokens.verify(token)).toBeUndefined();
  });

  it('refuses a token one character away from one it accepted', () => {
    const tokens = createTokenService(SECRET);
    const token = tokens.issue(7);
    expect(tokens.verify(token)).toBe(7);
    // A character inside the signature, where every bit counts.
    const at = token.length - 10;
    const other = token[at] === 'A' ? 'B' : 'A';
    expect(tokens.verify(`${token.slice(0, at)}${other}${token.slice(at + 1)}`)).toBeUndefined();
    expect(tokens.verify(`${token} `)).toBeUndefined();
  });

  it('refuses a token of another secret', () => {
    const token = createTokenService(`${SECRET}-other`).issue(7);
    expect(createTokenService(SECRET).verify(token)).toBeUndefined();
  });
});
