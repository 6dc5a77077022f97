import { registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteManifestUrl } from '@rentora/shared';

/** By remote name, where its files are: learnt at run time (`readSiteAtStart`), never built in. */
export type RemoteUrls = Record<string, string>;

let remoteUrls: RemoteUrls = {};

/** Registers every remote at `urls`; a later retry registers a remote afresh at the same place. */
export function registerRemoteUrls(urls: RemoteUrls, options: { force?: boolean } = {}): void {
  remoteUrls = urls;
  registerRemotes(
    Object.entries(urls).map(([name, url]) => ({ name, entry: remoteManifestUrl(url) })),
    options,
  );
}

/** Registers the remotes of `urls` not registered yet (a staff member's, learnt after start-up). */
export function addRemoteUrls(urls: RemoteUrls): void {
  const added = Object.entries(urls).filter(([name]) => !(name in remoteUrls));
  if (added.length === 0) return;
  remoteUrls = { ...remoteUrls, ...Object.fromEntries(added) };
  registerRemotes(added.map(([name, url]) => ({ name, entry: remoteManifestUrl(url) })));
}

/** Registers one remote afresh, dropping what the runtime cached of a failed load, before a retry. */
export function resetRemote(name: string): void {
  const url = remoteUrls[name];
  if (url) registerRemotes([{ name, entry: remoteManifestUrl(url) }], { force: true });
}
