import { isStaffOnly, type SiteTable } from '@rentora/state/page-table';
import type { RemotesNow } from './remote-tables';

/** What a page's HTML tells the browser of the site: where each remote is, and their pages and modals. */
export interface InlineSite {
  remotes: Readonly<Record<string, string>>;
  table: SiteTable;
}

/**
 * The site as a page's HTML carries it. Staff-only pages are left out of every other page, and
 * a remote left with nothing to show there with them, so a consumer page's bytes do not depend on
 * the operator side: a staff member's browser reads the rest itself (host/src/lib/site-config.ts).
 * A staff-only page carries the whole site. A remote whose table the server could not read stays
 * listed: the browser reads its table instead.
 */
export function inlineSite(
  remoteUrls: Readonly<Record<string, string>>,
  remotes: RemotesNow,
  { staffPage }: { staffPage: boolean },
): InlineSite {
  if (staffPage) return { remotes: remoteUrls, table: remotes.table };
  const pages = remotes.table.pages.filter(({ access }) => !isStaffOnly(access));
  const shown = new Set([...pages, ...remotes.table.modals].map(({ remote }) => remote));
  const listed = Object.entries(remoteUrls).filter(([name]) => shown.has(name) || remotes.unread.includes(name));
  return { remotes: Object.fromEntries(listed), table: { pages, modals: remotes.table.modals } };
}
