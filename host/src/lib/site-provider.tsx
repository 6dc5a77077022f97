import { useEffect, useState, type ReactNode } from 'react';
import { $role, isStaffOnly, useStore, type Site } from '@rentora/state';
import { addRemoteUrls } from './federation/remote-registry';
import { readWholeSite } from './read-site';
import { SiteContext } from './site-context';

/** How long a staff member's browser waits before reading the site again after a failed read; doubled each time. */
const WHOLE_SITE_RETRY_MS = 1_000;
const WHOLE_SITE_RETRY_MAX_MS = 60_000;

/**
 * Gives the site as the page's HTML had it, and to a staff member's browser the whole site, read
 * once their role is known: a consumer page leaves out the pages no customer may see
 * (`readWholeSite`). A read that misses `remotes.json` or a remote's table (a remote being
 * deployed) shows what it has and is tried again, backing off, until every table is in.
 * `remotesFile` is where `remotes.json` is, for tests.
 */
export function SiteProvider({
  initial,
  remotesFile,
  children,
}: {
  initial: Site;
  remotesFile?: string;
  children: ReactNode;
}) {
  const role = useStore($role);
  // A page for this reader's role alone would be one no customer may see: the HTML left such pages out.
  const staff = role !== undefined && isStaffOnly({ roles: [role] });
  const [whole, setWhole] = useState<Site>();
  useEffect(() => {
    if (!staff) return undefined;
    let wanted = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const read = async (known: Site, attempt: number) => {
      const site = await readWholeSite(known, remotesFile);
      if (!wanted) return;
      if (site) {
        addRemoteUrls(site.site.remotes);
        setWhole(site.site);
        if (site.complete) return;
      }
      const delay = Math.min(WHOLE_SITE_RETRY_MS * 2 ** attempt, WHOLE_SITE_RETRY_MAX_MS);
      retry = setTimeout(() => void read(site?.site ?? known, attempt + 1), delay);
    };
    void read(initial, 0);
    return () => {
      wanted = false;
      clearTimeout(retry);
    };
  }, [staff, initial, remotesFile]);
  return <SiteContext value={staff && whole ? whole : initial}>{children}</SiteContext>;
}
