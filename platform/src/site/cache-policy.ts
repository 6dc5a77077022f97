/** File names the builds give a content hash, e.g. `main.3d480581.js` or `assets/car.1a2b3c4d.svg`. */
const HASHED_FILE = /\.[0-9a-f]{8}\.[a-z0-9]+(\.br|\.gz)?$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * Hashed chunks never change under their name, so browsers keep them for a year; everything
 * else (index.html, remotes.json, a remote's mf-manifest.json, pages.json and remoteEntry.js)
 * is revalidated on every load, so a new deploy shows at once.
 */
export function cacheControlFor(filePath: string): string {
  return HASHED_FILE.test(filePath) ? IMMUTABLE : REVALIDATE;
}
