import { remoteFileUrl } from './apps';

describe('remoteFileUrl', () => {
  it.each(['https://catalog.example.com', 'https://catalog.example.com/'])(
    'joins %s and a file with one slash',
    (base) => {
      expect(remoteFileUrl(base, 'mf-manifest.json')).toBe('https://catalog.example.com/mf-manifest.json');
    },
  );
});
