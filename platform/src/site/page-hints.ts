import { remoteManifestUrl } from '@rentora/shared/apps';
import { mayView, type PageMatch } from '@rentora/state/page-table';
import { afterPaintLinks } from './after-paint-links';
import type { RemotesNow } from './remote-tables';

/** Preloads of the remote files a page's code starts with: its manifest, entry, exposed chunks and styles. */
function remoteFileLinks(
  remoteUrls: Readonly<Record<string, string>>,
  remotes: RemotesNow,
  { remote, expose }: PageMatch['page'],
  firstPaintInline: boolean,
): Record<string, string>[] {
  const links: Record<string, string>[] = [];
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
  return links;
}

/**
 * The page's data and remote files, asked for all at once by the start-up script after the first
 * paint (with the host's own start-up chunks), so they never compete with what that paint needs
 * (ADR 0013): the page's first reads, then its remote's files, as the remote's live manifest names
 * them. The same HTML goes to every reader, so only a page every reader may see names its remote's
 * files: a page for some roles only starts its code in the browser once the reader's role is known,
 * and a customer who opens an operator's page downloads nothing of the operator side.
 */
export function pageHints(
  remoteUrls: Readonly<Record<string, string>>,
  remotes: RemotesNow,
  match?: PageMatch,
  { firstPaintInline = false }: { firstPaintInline?: boolean } = {},
): string[] {
  if (!match) return [];
  // The API answers in parallel with the code that will ask for it; the store's fetch reuses it.
  const links: Record<string, string>[] = match.reads.map((href) => ({
    rel: 'preload',
    as: 'fetch',
    href,
    crossorigin: 'anonymous',
  }));
  if (mayView(match.page.access, undefined)) {
    links.push(...remoteFileLinks(remoteUrls, remotes, match.page, firstPaintInline));
  }
  return links.length === 0 ? [] : [afterPaintLinks(links)];
}
