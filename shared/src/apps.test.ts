import { remoteFileUrl, remoteManifestUrl } from './apps';

describe('remoteFileUrl', () => {
  it.each(['https://catalog.example.com', 'https://catalog.example.com/'])(
    'joins %s and a file with one slash',
    (base) => {
      expect(remoteFileUrl(base, 'pages.json')).toBe('https://catalog.example.com/pages.json');
      expect(remoteManifestUrl(base)).toBe('https://catalog.example.com/mf-manifest.json');
    },
  );
});
