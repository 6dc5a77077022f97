import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export { APPS, REMOTE_NAMES, type AppName, type RemoteName } from '@rentora/shared/apps';

/** The version npm installed, read from the package's own package.json (some do not export it). */
function installedVersion(packageName: string): string {
  const searchPaths = require.resolve.paths(packageName) ?? [];
  for (const nodeModules of searchPaths) {
    const manifest = path.join(nodeModules, packageName, 'package.json');
    if (existsSync(manifest)) return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  }
  throw new Error(`${packageName} is not installed: run npm install.`);
}

/** Packages every app shares as singletons (ARCHITECTURE §2): one React, one router, one set of stores. */
const SINGLETONS = [
  ['react', 'react'],
  ['react/', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/', 'react-dom'],
  ['react-router', 'react-router'],
  ['react-router-dom', 'react-router-dom'],
  ['nanostores', 'nanostores'],
  ['@nanostores/react', '@nanostores/react'],
  ['@rentora/shared', '@rentora/shared'],
] as const;

export function sharedSingletons() {
  return Object.fromEntries(
    SINGLETONS.map(([request, packageName]) => {
      const version = installedVersion(packageName);
      return [request, { singleton: true, version, requiredVersion: `^${version}` }];
    }),
  );
}
