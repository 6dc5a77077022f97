/** A file of a remote, whether its configured base URL ends in a slash or not. */
export function remoteFileUrl(remoteBaseUrl: string, file: string): string {
  return `${remoteBaseUrl.replace(/\/$/, '')}/${file}`;
}

/** The remote's Module Federation manifest: what the host registers and the server reads hints from. */
export function remoteManifestUrl(remoteBaseUrl: string): string {
  return remoteFileUrl(remoteBaseUrl, 'mf-manifest.json');
}
