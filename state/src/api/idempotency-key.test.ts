import { newIdempotencyKey } from './idempotency-key';

describe('newIdempotencyKey', () => {
  it('makes 128 random bits as hex, different every time', () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(first);
  });
});
