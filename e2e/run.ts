import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildStale } from '@rentora/platform/launch/build';
import { findChromium } from '@rentora/platform/launch/chromium';

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
  await buildStale();
  const root = path.resolve(__dirname, '..');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rentora-e2e-'));
  try {
    const result = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)],
      { cwd: root, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium, E2E_DATA_DIR: dataDir } },
    );
    return result.status ?? 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
