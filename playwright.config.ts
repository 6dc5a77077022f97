import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS } from '@rentora/platform/launch/chromium';
import { e2eServerEnv, e2eSite } from './e2e/site';

/**
 * A fresh database for every run, so tests never depend on a previous one. Workers load this
 * file again: the environment carries the main process's folder to them.
 */
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'rentora-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  // Under two workers on a loaded 2-core machine, several whole-journey tests pass 30 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['html', { open: 'never' }]],
  forbidOnly: Boolean(process.env.CI),
  use: {
    ...devices['Desktop Chrome'],
    baseURL: e2eSite.baseUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || undefined,
      args: CHROMIUM_FLAGS,
    },
  },
  // Exactly what `npm start` runs: the production builds, each remote on its own origin.
  webServer: {
    command: 'node platform/dist/serve.cjs',
    url: `${e2eSite.baseUrl}/api/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: { ...e2eSite.env, ...e2eServerEnv(dataDir) },
  },
});
