import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { pathWith } from '../page-table';

/**
 * Where each page of the site is, by its name (`fleet` → `/vehicles`), so an app links another's
 * page without writing its path (docs/architecture.md §2). The host sets it from the remotes' page
 * tables and its own pages; a remote's standalone page, from its own table.
 */
export const $pagePaths = atom<Readonly<Record<string, string>>>({});

/**
 * The path of the page named `name`, its parameters URL-encoded, wherever the site puts it now:
 * `<Link to={fleet}>` with `const fleet = usePagePath('fleet')`. Undefined while the site does not
 * know the page (its remote's table could not be read): show no link then, as it would lead to the
 * 404 page.
 */
export function usePagePath(name: string, params: Readonly<Record<string, string>> = {}): string | undefined {
  const pattern = useStore($pagePaths)[name];
  return pattern === undefined ? undefined : pathWith(pattern, params);
}
