import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS } from '@rentora/platform/launch/chromium';
import { e2eServerEnv, e2eSite } from './e2e/site';

/**
 * The suite's own site gets a fresh database for every run. Workers load this file again: the
 * environment carries the main process's folder to them. Against a site (E2E_BASE_URL) there is
 * no local server and no local database.
 */
const dataDir = e2eSite.local ? (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'rentora-e2e-'))) : '';

/**
 * `--repeat-each` as given on the command line: workers are not told it (their project says 1),
 * and e2e/dates.ts gives each copy of a test days of its own. Workers inherit it from here.
 */
function repeatEachOfCommandLine(): number {
  for (const [index, arg] of process.argv.entries()) {
    if (arg.startsWith('--repeat-each=')) return Number(arg.slice('--repeat-each='.length)) || 1;
    if (arg === '--repeat-each') return Number(process.argv[index + 1]) || 1;
  }
  return 1;
}
process.env.E2E_REPEAT_EACH ??= String(repeatEachOfCommandLine());

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  // Under two workers on a loaded 2-core machine, several whole-journey tests pass 30 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  // CI keeps only what it prints: no HTML report there.
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  forbidOnly: Boolean(process.env.CI),
  use: {
    ...devices['Desktop Chrome'],
    baseURL: e2eSite.baseUrl,
    // A trace records every test to keep the failing ones': a quarter of the suite's CPU (catalog and
    // shell: 95 CPU-s with it, 71 without). CI keeps only what it prints, so there it records none;
    // `--trace on` records them anywhere.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || undefined,
      args: CHROMIUM_FLAGS,
    },
  },
  // The sweep of early actions slows the CPU 4× on a page in each worker: beside it, the other
  // worker's timed tests (live availability within a second) starve. It runs alone, after the rest
  // (`--no-deps` runs it without them).
  projects: [
    { name: 'suite', testIgnore: '**/first-moments.spec.ts' },
    { name: 'first moments', testMatch: '**/first-moments.spec.ts', dependencies: ['suite'] },
  ],
  // Exactly what `npm start` runs: the production builds, each remote on its own origin.
  webServer: e2eSite.local
    ? {
        command: 'node platform/dist/serve.cjs',
        url: `${e2eSite.baseUrl}/api/ready`,
        reuseExistingServer: false,
        timeout: 60_000,
        stdout: 'pipe',
        env: { ...e2eSite.env, ...e2eServerEnv(dataDir) },
      }
    : undefined,
});
