import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * An app of the composed site, as the `rentora` field of its package.json declares it: its
 * federation name and the port it is served on locally (`npm start`, `npm run dev`).
 */
export interface SiteApp {
  name: string;
  /** Its folder, absolute. */
  dir: string;
  port: number;
  remote: boolean;
}

interface AppManifest {
  rentora?: { name?: unknown; port?: unknown };
}

/** The app whose folder is `dir`, from its package.json. */
export function appAt(dir: string): SiteApp {
  const { rentora } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as AppManifest;
  const { name, port } = rentora ?? {};
  if (typeof name !== 'string' || !/^[a-z][a-z0-9]*$/.test(name) || !Number.isInteger(port)) {
    throw new Error(`${dir}/package.json needs "rentora": { "name": "<lowercase federation name>", "port": <port> }.`);
  }
  return { name, dir, port: port as number, remote: name !== 'host' };
}

/**
 * The host and every remote of the repository: each `remote-*` folder is one, so a team adds a
 * remote by adding its folder (and listing it in the root's workspaces); nothing else names the
 * remotes. Remotes are in the order of their ports.
 */
export function siteApps(root: string): { host: SiteApp; remotes: SiteApp[] } {
  const remotes = readdirSync(root)
    .filter((entry) => entry.startsWith('remote-') && existsSync(path.join(root, entry, 'package.json')))
    .map((entry) => appAt(path.join(root, entry)))
    .sort((a, b) => a.port - b.port);
  return { host: appAt(path.join(root, 'host')), remotes };
}
