import { hostPageHeaders } from '../../site/site-headers';
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

describe('hostPageHeaders', () => {
  it('allows style sheets from files only, and inline style attributes (React sets skeleton sizes)', () => {
    const policy = hostPageHeaders(['http://localhost:3001'])['content-security-policy'] ?? '';
    const directives = new Map(
      policy.split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources];
      }),
    );
    expect(directives.get('style-src')).toEqual(["'self'", 'http://localhost:3001']);
    expect(directives.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(policy).not.toMatch(/style-src [^;]*'unsafe-inline'/);
  });
});
