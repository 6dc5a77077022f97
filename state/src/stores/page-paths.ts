import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { pathWith } from '../page-table';

/**
 * Every remote's page table, by remote, as each remote registers its own in its `src/pages.tsx`:
 *
 *     declare module '@rentora/state' {
 *       interface PageTables { catalog: typeof catalogPages }
 *     }
 *
 * Each app's tsconfig includes every remote's `src/pages.tsx`, so `PageName` is the site's names
 * wherever an app links a page, and this package still knows no app.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the remotes' declarations
export interface PageTables {}

/**
 * The name of a page of the site, from the remotes' registered tables (`'fleet' | 'car' | …`): a
 * misspelt or renamed page fails the type check where it is linked. `never` in a program that
 * includes no table, so a forgotten include fails loudly too.
 */
export type PageName = { [Remote in keyof PageTables]: NamesOf<PageTables[Remote]> }[keyof PageTables];

/** The names of a table's pages (none for a table of no pages). */
type NamesOf<Table> = Table extends { readonly pages: readonly (infer Page)[] }
  ? Page extends { readonly name: infer Name extends string }
    ? Name
    : never
  : never;

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
export function usePagePath(name: PageName, params: Readonly<Record<string, string>> = {}): string | undefined {
  const pattern = useStore($pagePaths)[name];
  return pattern === undefined ? undefined : pathWith(pattern, params);
}
