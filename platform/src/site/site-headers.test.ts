import { NO_INLINE, hostPageHeaders } from './site-headers';

function directivesOf(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('hostPageHeaders', () => {
  it('allows style sheets from files and the prerendered pages’ own styles by hash, and inline style attributes', () => {
    const hash = "'sha256-AAAA'";
    const policy =
      hostPageHeaders(['http://localhost:3001'], { styleHashes: [hash], scriptHashes: [] })[
        'content-security-policy'
      ] ?? '';
    const directives = directivesOf(policy);
    expect(directives.get('style-src')).toEqual(["'self'", hash, 'http://localhost:3001']);
    expect(directives.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(policy).not.toMatch(/style-src [^;]*'unsafe-inline'/);
  });

  it('allows scripts from files and the prerendered pages’ start-up script by hash, never any inline script', () => {
    const hash = "'sha256-BBBB'";
    const policy =
      hostPageHeaders(['http://localhost:3001'], { styleHashes: [], scriptHashes: [hash] })[
        'content-security-policy'
      ] ?? '';
    expect(directivesOf(policy).get('script-src')).toEqual(["'self'", hash, 'http://localhost:3001']);
    expect(policy).not.toMatch(/script-src [^;]*'unsafe-inline'/);
  });

  it('shows car photos from the stock-photo CDN and every host the deployment adds, over https only', () => {
    const imageSources = (photoHosts?: string[]) =>
      directivesOf(
        hostPageHeaders(['http://localhost:3001'], NO_INLINE, photoHosts)['content-security-policy'] ?? '',
      ).get('img-src');
    const own = ["'self'", 'data:'];
    expect(imageSources()).toEqual([...own, 'https://images.pexels.com', 'http://localhost:3001']);
    expect(imageSources(['images.pexels.com', 'cdn.example.com', 'img.rentora.in'])).toEqual([
      ...own,
      'https://images.pexels.com',
      'https://cdn.example.com',
      'https://img.rentora.in',
      'http://localhost:3001',
    ]);
  });
});
