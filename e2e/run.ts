import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildStale } from '@rentora/platform/launch/build';
import { findChromium } from '@rentora/platform/launch/chromium';

const root = path.resolve(__dirname, '..');

function playwright(env: NodeJS.ProcessEnv): number {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  return result.status ?? 1;
}

/** Where the site's pages find each remote: its remotes.json, as the host's page reads it. */
async function remotesOf(site: string): Promise<Record<string, string>> {
  const answer = await fetch(`${site}/remotes.json`);
  if (!answer.ok) throw new Error(`${site}/remotes.json answered ${answer.status}: is E2E_BASE_URL a Rentora site?`);
  return (await answer.json()) as Record<string, string>;
}

/** The suite against a running site: no build, no local servers, no local database. */
async function againstSite(site: string, chromium: string): Promise<number> {
  const remotes = await remotesOf(site);
  const swapped = Object.keys(remotes).filter((name) => process.env[`E2E_REMOTE_${name.toUpperCase()}_URL`]);
  process.stdout.write(
    `Against ${site}: the tests tagged @server-control are skipped${swapped.length > 0 ? `; swapped: ${swapped.join(', ')}` : ''}.\n`,
  );
  return playwright({ CHROMIUM_PATH: chromium, E2E_SITE_REMOTES: JSON.stringify(remotes) });
}

/** The suite against a site of its own: the production builds, served on a fresh database. */
async function onItsOwnSite(chromium: string): Promise<number> {
  await buildStale();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rentora-e2e-'));
  try {
    return playwright({ CHROMIUM_PATH: chromium, E2E_DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function run(): Promise<number> {
  const chromium = findChromium();
  if (!chromium) {
    const message =
      'No Chromium found (CHROMIUM_PATH, /usr/bin/chromium or Playwright’s own): the browser suite did not run.';
    if (process.env.E2E_REQUIRED === '1') {
      process.stderr.write(`${message} E2E_REQUIRED=1, so this is a failure.\n`);
      return 1;
    }
    process.stdout.write(`${message} Install one (apt-get install chromium) to run it.\n`);
    return 0;
  }
  const site = process.env.E2E_BASE_URL?.replace(/\/+$/, '');
  return site ? againstSite(site, chromium) : onItsOwnSite(chromium);
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
