import { remoteManifestUrl } from '@rentora/shared/apps';
import { createRevalidatingReader, type RevalidatingReaderOptions } from './revalidating-reader';

/**
 * What the host's page needs from a remote's live `mf-manifest.json`: where its entry is and
 * which files each exposed module needs first. Read at serve time, so a remote deployed alone
 * changes the next page's hints with no host rebuild.
 */
export interface ExposeFiles {
  scripts: string[];
  styles: string[];
}

export interface RemoteFiles {
  manifestUrl: string;
  entryUrl: string;
  /** By expose name without './' (e.g. 'HomePage'): absolute URLs of its synchronous files. */
  exposes: Map<string, ExposeFiles>;
}

interface Manifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/** Resolves a manifest's relative file names against the folder it was served from ('auto' publicPath). */
export function readManifest(manifestUrl: string, manifest: Manifest): RemoteFiles {
  const publicPath = manifest.metaData?.publicPath;
  const base = publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl) : new URL('.', manifestUrl);
  const at = (file: string) => new URL(file, base).toString();
  const entry = manifest.metaData?.remoteEntry;
  const entryFile = [entry?.path, entry?.name ?? 'remoteEntry.js'].filter(Boolean).join('/');
  const exposes = new Map<string, ExposeFiles>();
  for (const expose of manifest.exposes ?? []) {
    const name = (expose.path ?? expose.name ?? '').replace(/^\.\//, '');
    exposes.set(name, {
      scripts: (expose.assets?.js?.sync ?? []).map(at),
      styles: (expose.assets?.css?.sync ?? []).map(at),
    });
  }
  return { manifestUrl, entryUrl: at(entryFile), exposes };
}

/**
 * Reads one remote's manifest, revalidated on every call: a remote deployed alone changes the
 * next page's hints; a slow or failed remote answers undefined quickly.
 */
export function createManifestReader(remoteBaseUrl: string, options: RevalidatingReaderOptions = {}) {
  const manifestUrl = remoteManifestUrl(remoteBaseUrl);
  return createRevalidatingReader(manifestUrl, (body) => readManifest(manifestUrl, body as Manifest), options);
}
