import { useEffect, useState, type ReactNode } from 'react';
import { $role, useStore } from '@rentora/state';
import { addRemoteUrls } from './federation/remote-registry';
import { readWholeSite, type SiteConfig } from './site-config';
import { SiteContext } from './site-context';

/**
 * Gives the site as the page's HTML had it, and to a staff member's browser the whole site, read
 * once their role is known: a consumer page leaves out the pages no customer may see
 * (`readWholeSite`). `remotesFile` is where `remotes.json` is, for tests.
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
  const staff = role !== undefined && role !== 'customer';
  const [whole, setWhole] = useState<SiteConfig>();
  useEffect(() => {
    if (!staff || whole) return undefined;
    let wanted = true;
    void readWholeSite(initial, remotesFile).then((read) => {
      if (!wanted || !read) return;
      addRemoteUrls(read.remotes);
      setWhole(read);
    });
    return () => {
      wanted = false;
    };
  }, [staff, whole, initial, remotesFile]);
  return <SiteContext value={staff && whole ? whole : initial}>{children}</SiteContext>;
}
