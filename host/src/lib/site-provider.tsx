import { useEffect, useRef, useState, type ReactNode } from 'react';
import { $role, isStaffOnly, useStore } from '@rentora/state';
import { addRemoteUrls } from './federation/remote-registry';
import { readWholeSite, type SiteConfig } from './site-config';
import { SiteContext } from './site-context';

/** How long a staff member's browser waits before reading the site again after a failed read; doubled each time. */
export const WHOLE_SITE_RETRY_MS = 1_000;
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
  initial: SiteConfig;
  remotesFile?: string;
  children: ReactNode;
}) {
  const role = useStore($role);
  // A page for this reader's role alone would be one no customer may see: the HTML left such pages out.
  const staff = role !== undefined && isStaffOnly({ roles: [role] });
  const known = useRef(initial);
  const [whole, setWhole] = useState<SiteConfig>();
  const [complete, setComplete] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!staff || complete) return undefined;
    let wanted = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    void readWholeSite(known.current, remotesFile).then((read) => {
      if (!wanted) return;
      if (read) {
        known.current = read.config;
        addRemoteUrls(read.config.remotes);
        setWhole(read.config);
        if (read.complete) return setComplete(true);
      }
      const delay = Math.min(WHOLE_SITE_RETRY_MS * 2 ** attempt, WHOLE_SITE_RETRY_MAX_MS);
      retry = setTimeout(() => setAttempt((count) => count + 1), delay);
    });
    return () => {
      wanted = false;
      clearTimeout(retry);
    };
  }, [staff, complete, attempt, remotesFile]);
  return <SiteContext value={staff && whole ? whole : initial}>{children}</SiteContext>;
}
