import { useEffect } from 'react';
import { moduleIdOf, type SiteTable } from '@rentora/state';
import { loadRemoteModule } from '../lib/federation/remote-module';
import { siteMatchAt } from './site-match';

/**
 * Starts a page's code when the reader is about to open it: the pointer over, or the focus on, a
 * link to it, wherever the link is (the header, a remote's page). The page is then usually on
 * screen at the click, its own loading state included, instead of a blank main area while its
 * code arrives. Only code: the page's reads start when it opens, so hovering costs the API nothing.
 */
export function usePageCodeOnIntent(table: SiteTable): void {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      const match = siteMatchAt(table, link.pathname)?.remote;
      // A failed load is shown, and retried, by the page itself if the reader opens it.
      if (match) loadRemoteModule(moduleIdOf(match.page)).catch(() => undefined);
    };
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, [table]);
}
