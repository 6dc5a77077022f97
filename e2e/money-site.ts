import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { siteAtPortBase } from '@rentora/platform/launch/site-config';
import { e2eServerEnv } from './site';

const ROOT = path.resolve(__dirname, '..');

/**
 * A site of its own for the money journeys: they offer add-ons and set a tax, which every other
 * spec's wizard and totals would see on the shared site (with none set, those stay as they were).
 * Ten ports above the suite's site: host on E2E_PORT_BASE + 10, the remotes after it.
 */
export const moneySite = siteAtPortBase(Number(process.env.E2E_PORT_BASE ?? 4000) + 10);

export interface RunningSite {
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * Starts the production builds, as the suite's own site runs them, on a fresh database; resolves
 * once ready. `site` (the money site's ports by default) for another spec's site of its own.
 */
export async function startMoneySite(site = moneySite): Promise<RunningSite> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rentora-money-'));
  const server: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'platform/dist/serve.cjs')], {
    cwd: ROOT,
    env: { ...process.env, ...site.env, ...e2eServerEnv(dataDir) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The site on ${site.baseUrl} exited with ${server.exitCode}.`);
    const ready = await fetch(`${site.baseUrl}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      server.kill();
      throw new Error(`The site on ${site.baseUrl} was not ready within 60 s.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    dataDir,
    stop: async () => {
      server.kill();
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `create-admin` against that site's database, as a deployment runs it (README: the first admin). */
export function createAdminOn(site: RunningSite, email: string, password: string) {
  return spawnSync(process.execPath, [path.join(ROOT, 'api/dist/main.cjs'), 'create-admin'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      DATA_DIR: site.dataDir,
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: password,
      ADMIN_NAME: 'Priya Raman',
      LOG_LEVEL: 'warn',
    },
  });
}
