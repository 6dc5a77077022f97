import { remoteManifestUrl } from '@rentora/shared/apps';
import type { PageMatch } from '@rentora/state/page-table';
import { afterPaintLinks } from './after-paint-links';
import type { RemotesNow } from './remote-tables';

/**
 * The page's data and remote files, asked for all at once by the start-up script after the first
 * paint (with the host's own start-up chunks), so they never compete with what that paint needs
 * (ADR 0013): the page's first reads, then its remote's manifest, entry, exposed chunks and styles,
 * as the remote's live manifest names them.
 */
export function pageHints(
  remoteUrls: Readonly<Record<string, string>>,
  remotes: RemotesNow,
  match?: PageMatch,
  { firstPaintInline = false }: { firstPaintInline?: boolean } = {},
): string[] {
  if (!match) return [];
  const links: Record<string, string>[] = [];
  // The API answers in parallel with the code that will ask for it; the store's fetch reuses it.
  links.push(...match.reads.map((href) => ({ rel: 'preload', as: 'fetch', href, crossorigin: 'anonymous' })));
  const { remote, expose } = match.page;
  const baseUrl = remoteUrls[remote];
  if (baseUrl !== undefined) {
    // The runtime fetches the manifest itself (CORS, no credentials): the same request, started early.
    links.push({ rel: 'preload', as: 'fetch', href: remoteManifestUrl(baseUrl), crossorigin: 'anonymous' });
  }
  const files = remotes.manifests.get(remote);
  const exposed = files?.exposes.get(expose.replace(/^\.\//, ''));
  if (files && exposed) {
    // Classic scripts without a crossorigin attribute, as the runtime and chunk loader insert them.
    links.push({ rel: 'preload', as: 'script', href: files.entryUrl });
    links.push(...exposed.scripts.map((href) => ({ rel: 'preload', as: 'script', href })));
    // With the page's first paint inline, its stylesheet is needed only when its code runs.
    const priority: Record<string, string> = firstPaintInline ? { fetchpriority: 'low' } : {};
    links.push(...exposed.styles.map((href) => ({ rel: 'preload', as: 'style', href, ...priority })));
  }
  return [afterPaintLinks(links)];
}
