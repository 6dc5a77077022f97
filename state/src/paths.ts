/*
 * Path comparisons the router's links and the page table share. A module of its own so the
 * router's shared chunk (`@rentora/state/router`) carries these few lines, not the page table.
 */

/**
 * The path as react-router matches it: each segment decoded, an encoded `/` kept as `%2F`, or as
 * it came when it does not decode (react-router's own decoding, without its console warning:
 * a client can send any path to the server).
 */
export function decodedPath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replaceAll('/', '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/**
 * Whether a navigation link to `to` points at the page at `pathname`: paths compare without the
 * query and ignoring case, as routes match; unless `end`, the pages below `to` count too.
 */
export function linksHere(to: string, pathname: string, end: boolean): boolean {
  const target = (to.split(/[?#]/)[0] ?? '').toLowerCase() || '/';
  const current = decodedPath(pathname)
    .toLowerCase()
    .replace(/(.)\/+$/, '$1');
  if (current === target) return true;
  return !end && target !== '/' && current.startsWith(target.endsWith('/') ? target : `${target}/`);
}
