import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SKIPPED = new Set(['node_modules', 'dist', 'coverage', 'test-results']);

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (SKIPPED.has(entry) || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const STAMP = '.build-stamp';

/** A build is stale when any of its inputs changed after its last successful build. */
export function isStale(outputDir: string, inputs: readonly string[]): boolean {
  const stamp = path.join(outputDir, STAMP);
  if (!existsSync(stamp)) return true;
  const builtAt = statSync(stamp).mtimeMs;
  return inputs.some((input) => newestMtime(input) > builtAt);
}

export function markBuilt(outputDir: string): void {
  writeFileSync(path.join(outputDir, STAMP), `${new Date().toISOString()}\n`);
}
