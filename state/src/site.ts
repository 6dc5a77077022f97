import { EMPTY_SITE_TABLE, isStaffOnly, siteTableOf, type RemoteTable, type SiteTable } from './page-table';

/**
 * The site at one moment: where each remote is, and the pages and modals their tables declare.
 * The server writes it into each page's HTML (`siteForPage`); the browser starts from that and
 * reads the tables it lacks itself (docs/architecture.md §2). Both build it with `siteOf`.
 */
export interface Site {
  remotes: Record<string, string>;
  table: SiteTable;
}

export const EMPTY_SITE: Site = { remotes: {}, table: EMPTY_SITE_TABLE };

/**
 * The site of `remotes`, in their order: each remote's rows from its table in `tables`, or, for
 * one whose table is not there (not read, or its read failed), the rows `known` has of it, so a
 * remote being deployed keeps what the site knew of it.
 */
export function siteOf(
  remotes: Readonly<Record<string, string>>,
  tables: Readonly<Record<string, RemoteTable | undefined>>,
  known: Site = EMPTY_SITE,
): Site {
  const table: SiteTable = { pages: [], modals: [] };
  for (const name of Object.keys(remotes)) {
    const read = tables[name];
    const rows = read
      ? siteTableOf({ [name]: read })
      : {
          pages: known.table.pages.filter(({ remote }) => remote === name),
          modals: known.table.modals.filter(({ remote }) => remote === name),
        };
    table.pages.push(...rows.pages);
    table.modals.push(...rows.modals);
  }
  return { remotes: { ...remotes }, table };
}

/** The remotes the site lists but has no page or modal of: their tables were not read. */
export function remotesWithoutRows({ remotes, table }: Site): string[] {
  const shown = new Set([...table.pages, ...table.modals].map(({ remote }) => remote));
  return Object.keys(remotes).filter((name) => !shown.has(name));
}

/**
 * What a page's HTML carries of the site. A staff-only page carries all of it. Every other page
 * leaves out the pages no customer may see, and a remote left with nothing to show with them, so
 * a consumer page's bytes do not depend on the operator side; a staff member's browser reads the
 * rest itself. A remote whose table the server could not read (`unread`) stays listed: the
 * browser reads its table instead.
 */
export function siteForPage(
  site: Site,
  { staffPage, unread }: { staffPage: boolean; unread: readonly string[] },
): Site {
  if (staffPage) return site;
  const pages = site.table.pages.filter(({ access }) => !isStaffOnly(access));
  const shown = new Set([...pages, ...site.table.modals].map(({ remote }) => remote));
  const remotes = Object.entries(site.remotes).filter(([name]) => shown.has(name) || unread.includes(name));
  return { remotes: Object.fromEntries(remotes), table: { pages, modals: site.table.modals } };
}
