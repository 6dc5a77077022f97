import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGE_TABLE_FILE, parametersOf, pathWith, type PageAccess, type RemoteTable } from '@rentora/state/page-table';
import { siteApps } from '../apps';
import { findRepoRoot } from '../launch/repo';
import { SHELLS_DIR, SHELLS_INDEX, type ShellsIndex } from '../site/shell-files';

/** What a page's path parameters are filled with to measure it: a car the seed fleet has (api/src/db/fleet-seed.ts). */
export const SAMPLE_PARAMETERS: Readonly<Record<string, string>> = { vehicleId: 'mercedes-benz-s-class' };

/**
 * The pages to measure, from the site's tables: each remote's pages that everyone may see, then the
 * host's own, in that order, each with its parameters filled from `samples`. A page with a
 * parameter `samples` lacks is left out.
 */
export function pagesToMeasure(
  remoteTables: readonly RemoteTable[],
  hostPages: readonly { path: string }[],
  samples: Readonly<Record<string, string>> = SAMPLE_PARAMETERS,
): string[] {
  const everyones = (access: PageAccess) => access === 'everyone';
  const patterns = [
    ...remoteTables.flatMap((table) => table.pages.filter((page) => everyones(page.access)).map((page) => page.path)),
    ...hostPages.map((page) => page.path),
  ];
  return patterns
    .filter((pattern) => parametersOf(pattern).every((name) => samples[name] !== undefined))
    .map((pattern) => pathWith(pattern, samples));
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/**
 * The public pages the speed tools (`npm run perf`, the pages bench) and the bundle report
 * measure, read from the production builds' tables: a page a remote adds is measured once it is
 * built. `PERF_PAGES=/a,/b` picks others.
 */
export function measuredPages(root = findRepoRoot()): string[] {
  const picked = process.env.PERF_PAGES?.split(',');
  if (picked) return picked;
  const { host, remotes } = siteApps(root);
  return pagesToMeasure(
    remotes.map((remote) => readJson<RemoteTable>(path.join(remote.dir, 'dist', PAGE_TABLE_FILE))),
    readJson<ShellsIndex>(path.join(host.dir, 'dist', SHELLS_DIR, SHELLS_INDEX)).pages,
  );
}
