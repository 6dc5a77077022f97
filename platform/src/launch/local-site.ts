import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findRepoRoot } from './repo';
import { siteAtPortBase } from './site-config';

export interface LocalSite {
  baseUrl: string;
  /** The site server's process, for the benchmarks' CPU figures. */
  pid: number;
  remotes: ReturnType<typeof siteAtPortBase>['remotes'];
  /** Where its data is (DATA_DIR, and DATABASE_URL with its JWT_SECRET): what `create-admin` is run with. */
  databaseEnv: Record<string, string>;
  stop(): void;
}

async function waitForSite(url: string): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The site did not start at ${url}.`);
}

/**
 * The production builds served as `npm start` serves them, on ports from `portBase`, with a
 * throwaway database: what the bundle report and the Lighthouse run measure. That is a SQLite file
 * in a temporary folder, whatever DATABASE_URL says, unless `databaseUrl` names a (fresh)
 * PostgreSQL database.
 */
export async function startLocalSite(portBase: number, options: { databaseUrl?: string } = {}): Promise<LocalSite> {
  const { baseUrl, remotes, env } = siteAtPortBase(portBase);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rentora-site-'));
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const databaseEnv: Record<string, string> =
    options.databaseUrl === undefined
      ? { DATA_DIR: dataDir }
      : // The API requires a secret of its own with a shared database.
        { DATA_DIR: dataDir, DATABASE_URL: options.databaseUrl, JWT_SECRET: randomBytes(32).toString('hex') };
  const site = spawn(process.execPath, [path.join(findRepoRoot(), 'platform/dist/serve.cjs')], {
    stdio: 'ignore',
    env: { ...inherited, ...env, ...databaseEnv, LOG_LEVEL: 'warn' },
  });
  const stop = () => {
    site.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForSite(`${baseUrl}/api/ready`);
  } catch (error) {
    stop();
    throw error;
  }
  return { baseUrl, pid: site.pid ?? 0, remotes, databaseEnv, stop };
}
