import { registerRemotes } from '@module-federation/enhanced/runtime';
import { APPS, REMOTE_NAMES, remoteManifestUrl, type RemoteName } from '@rentora/shared';

export type RemoteUrls = Record<RemoteName, string>;

/** Where each remote is served when remotes.json cannot be read (the local ports of `npm start`). */
const DEFAULT_REMOTE_URLS = Object.fromEntries(
  REMOTE_NAMES.map((name) => [name, `http://localhost:${APPS[name].port}`]),
) as RemoteUrls;

/**
 * Where the remotes are: written into the page by the server that sent it, else read from
 * remotes.json beside index.html (static hosting). Either way a remote moves without a host rebuild.
 */
async function readRemoteUrls(): Promise<RemoteUrls> {
  const inline = document.getElementById('rentora-remotes')?.textContent;
  if (inline) return { ...DEFAULT_REMOTE_URLS, ...(JSON.parse(inline) as Partial<RemoteUrls>) };
  try {
    const response = await fetch('/remotes.json', { cache: 'no-cache' });
    if (!response.ok) return DEFAULT_REMOTE_URLS;
    return { ...DEFAULT_REMOTE_URLS, ...((await response.json()) as Partial<RemoteUrls>) };
  } catch {
    return DEFAULT_REMOTE_URLS;
  }
}

let remoteUrls: RemoteUrls = DEFAULT_REMOTE_URLS;

/** Registers every remote at `urls`; a later retry registers a remote afresh at the same place. */
export function registerRemoteUrls(urls: RemoteUrls, options: { force?: boolean } = {}): void {
  remoteUrls = urls;
  registerRemotes(
    REMOTE_NAMES.map((name) => ({ name, entry: remoteManifestUrl(urls[name]) })),
    options,
  );
}

export async function registerRemotesFromConfig(): Promise<void> {
  registerRemoteUrls(await readRemoteUrls());
}

/** Registers one remote afresh, dropping what the runtime cached of a failed load, before a retry. */
export function resetRemote(name: RemoteName): void {
  registerRemotes([{ name, entry: remoteManifestUrl(remoteUrls[name]) }], { force: true });
}
