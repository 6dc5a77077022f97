import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, ownPort } from './deploy';
import { expect, serverControl, test } from './fixtures';

/** Until `url` answers 200, or `timeoutMs` has passed. */
async function answered(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(url).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${status})`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

test(
  '`npm run dev` works at localhost and at 127.0.0.1: the fleet loads from the remotes’ dev servers',
  serverControl('starts `npm run dev` on this machine'),
  async ({ page }) => {
    // Five dev servers compile their apps on a machine other tests keep busy.
    test.setTimeout(180_000);
    const port = ownPort(50);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rentora-dev-'));
    const dev = spawn(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'platform/src/launch/dev.ts'],
      {
        cwd: root,
        detached: true,
        stdio: 'ignore',
        env: {
          ...process.env,
          PORT: String(port),
          CATALOG_PORT: String(port + 1),
          BOOKING_PORT: String(port + 2),
          ACCOUNT_PORT: String(port + 3),
          OPERATOR_PORT: String(port + 4),
          API_PORT: String(port + 5),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
        },
      },
    );
    try {
      await answered(`http://127.0.0.1:${port + 5}/api/ready`, 90_000);
      for (const remotePort of [port + 1, port + 2, port + 3]) {
        await answered(`http://127.0.0.1:${remotePort}/mf-manifest.json`, 90_000);
      }
      for (const address of ['localhost', '127.0.0.1']) {
        await page.goto(`http://${address}:${port}/vehicles`);
        await expect(page.getByRole('heading', { name: 'Search and Book the Best Rental Vehicles' })).toBeVisible({
          timeout: 30_000,
        });
        await expect(page.getByRole('list', { name: 'Cars' }).getByRole('article').first()).toBeVisible();
        await expect(page.getByText('We couldn’t load the fleet.')).toHaveCount(0);
      }
    } finally {
      if (dev.pid) process.kill(-dev.pid, 'SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
