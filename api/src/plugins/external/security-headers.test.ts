import { helmetHeaders } from './security-headers';

describe('helmetHeaders', () => {
  it('records the headers helmet would set, once', () => {
    const headers = helmetHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'none'"] } } });
    expect(headers).toMatchObject({
      'content-security-policy': expect.stringContaining("default-src 'none'"),
      'strict-transport-security': expect.stringContaining('max-age='),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(headers).not.toHaveProperty('x-powered-by');
  });
});
