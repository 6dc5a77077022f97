import { setWithinBound } from '@rentora/shared';
import { matchSite, type SiteMatch, type SiteTable } from '@rentora/state';
import { HOST_PAGES, type HostPage } from './host-pages';

/** Addresses remembered per table: a visit's pages and the links hovered on the way. */
const MAX_ADDRESSES = 64;

const matches = new WeakMap<SiteTable, Map<string, SiteMatch<HostPage>>>();

/**
 * The page `pathname` shows with this table (`matchSite`, as the server matches it), matched once
 * per table and address: the start-up code, every render of the page and the links that lead to
 * it share the match (docs/architecture.md §2).
 */
export function siteMatchAt(table: SiteTable, pathname: string): SiteMatch<HostPage> {
  let known = matches.get(table);
  if (!known) {
    known = new Map();
    matches.set(table, known);
  }
  if (known.has(pathname)) return known.get(pathname);
  const found = matchSite(HOST_PAGES, table, pathname);
  setWithinBound(known, pathname, found, MAX_ADDRESSES);
  return found;
}
