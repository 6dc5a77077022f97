export type RemoteName = 'catalog' | 'booking' | 'account';
export const REMOTE_NAMES: readonly RemoteName[] = ['catalog', 'booking', 'account'];

/** The apps of the composed site: federation names, folders and local ports (README: Configuration). */
export const APPS = {
  host: { federationName: 'host', port: 3000, dir: 'host' },
  catalog: { federationName: 'catalog', port: 3001, dir: 'remote-catalog' },
  booking: { federationName: 'booking', port: 3002, dir: 'remote-booking' },
  account: { federationName: 'account', port: 3003, dir: 'remote-account' },
} as const;

export type AppName = keyof typeof APPS;

/** A file of a remote, whether its configured base URL ends in a slash or not. */
export function remoteFileUrl(remoteBaseUrl: string, file: string): string {
  return `${remoteBaseUrl.replace(/\/$/, '')}/${file}`;
}

/** The remote's Module Federation manifest: what the host registers and the server reads hints from. */
export function remoteManifestUrl(remoteBaseUrl: string): string {
  return remoteFileUrl(remoteBaseUrl, 'mf-manifest.json');
}

/**
 * Dispatched on `document` by the host once its first render is on screen: from then on the
 * page's buttons are React's, and what the reader pressed before is handed over (the prerendered
 * pages' start-up script, docs/architecture.md §2).
 */
export const SITE_STARTED_EVENT = 'rentora:started';
