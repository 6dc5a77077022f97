import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The version the app at `appRoot` resolves, read from the package's own package.json (some do
 * not export it). Resolved from the app, not from here, so an app built against another copy
 * of a package declares that copy's version.
 */
function installedVersion(packageName: string, appRoot: string): string {
  const searchPaths = createRequire(path.join(appRoot, 'package.json')).resolve.paths(packageName) ?? [];
  for (const nodeModules of searchPaths) {
    const manifest = path.join(nodeModules, packageName, 'package.json');
    if (existsSync(manifest)) return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  }
  throw new Error(`${packageName} is not installed: run npm install.`);
}

/**
 * What must be one copy on the page (docs/architecture.md §2): React, the stores and the router.
 * Everything else (UI primitives, rules, formatting) is bundled into each app, so a remote
 * deployed alone runs its own newer copy rather than the host's.
 */
const SINGLETONS = [
  ['react', 'react'],
  ['react/', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/', 'react-dom'],
  ['@rentora/state', '@rentora/state'],
  ['@rentora/state/router', '@rentora/state'],
] as const;

/**
 * Our own package is versioned by us: a remote that needs a state version the page does not have
 * fails to load (and shows its retry panel) instead of running against the wrong stores.
 */
const STRICT = new Set<string>(['@rentora/state']);

export function sharedSingletons(appRoot: string) {
  return Object.fromEntries(
    SINGLETONS.map(([request, packageName]) => {
      const version = installedVersion(packageName, appRoot);
      const strictVersion = STRICT.has(packageName);
      return [request, { singleton: true, version, requiredVersion: `^${version}`, strictVersion }];
    }),
  );
}
