import { preferredCoding } from './content-coding';

describe('preferredCoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['deflate', 'identity'],
    ['BR', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['gzip;q=1.0, br;q=1.0', 'br'],
    ['identity;q=1, br;q=0.5', 'identity'],
    ['*', 'br'],
    ['*;q=0.5, gzip', 'gzip'],
    ['gzip;q=0, br;q=0, *;q=0', 'identity'],
    ['br;q=nonsense, gzip;q=0.1', 'gzip'],
  ])('answers %j with %s', (acceptEncoding, coding) => {
    expect(preferredCoding(acceptEncoding)).toBe(coding);
  });

  it('gives the same answer when a header is asked again', () => {
    expect(preferredCoding('gzip;q=0.9, br;q=0.2')).toBe('gzip');
    expect(preferredCoding('gzip;q=0.9, br;q=0.2')).toBe('gzip');
  });
});
