import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { APPS, type AppName } from '@rentora/shared/apps';
import { buildStale } from './build';
import { findRepoRoot } from './repo';
import { siteAtPortBase } from './site-config';

/**
 * `npm run build:report`: serves the production builds, loads `/` in Chromium and prints the
 * JavaScript and CSS each app sent for that first load, raw and gzipped.
 */
const BASE_PORT = Number(process.env.REPORT_PORT_BASE ?? 4600);
const REACT_CORE_MARKER = '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE=';

interface Totals {
  jsRaw: number;
  jsGzip: number;
  cssRaw: number;
  cssGzip: number;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function waitForSite(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The site did not start at ${url}.`);
}

async function report(): Promise<void> {
  await buildStale();
  const root = findRepoRoot();
  const appByPort = new Map<number, AppName>([
    [BASE_PORT, 'host'],
    [BASE_PORT + 1, 'catalog'],
    [BASE_PORT + 2, 'booking'],
    [BASE_PORT + 3, 'account'],
  ]);
  const { baseUrl, env } = siteAtPortBase(BASE_PORT);
  const site = spawn(process.execPath, [path.join(root, 'platform/dist/serve.cjs')], {
    stdio: 'ignore',
    env: {
      ...process.env,
      ...env,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rentora-report-')),
      LOG_LEVEL: 'warn',
    },
  });
  const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((file) => file && existsSync(file));
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    await waitForSite(`${baseUrl}/api/ready`);
    const page = await browser.newPage();
    const totals = new Map<AppName, Totals>();
    let reactCopies = 0;
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const app = appByPort.get(Number(new URL(response.url()).port));
      if (!app) return;
      pending.push(
        response.body().then((body) => {
          const entry = totals.get(app) ?? { jsRaw: 0, jsGzip: 0, cssRaw: 0, cssGzip: 0 };
          const gzipped = gzipSync(body).length;
          if (type === 'script') {
            entry.jsRaw += body.length;
            entry.jsGzip += gzipped;
            if (body.includes(REACT_CORE_MARKER)) reactCopies += 1;
          } else {
            entry.cssRaw += body.length;
            entry.cssGzip += gzipped;
          }
          totals.set(app, entry);
        }),
      );
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await Promise.all(pending);

    const sum: Totals = { jsRaw: 0, jsGzip: 0, cssRaw: 0, cssGzip: 0 };
    const rows = (Object.keys(APPS) as AppName[]).map((app) => {
      const entry = totals.get(app) ?? { jsRaw: 0, jsGzip: 0, cssRaw: 0, cssGzip: 0 };
      for (const key of Object.keys(sum) as (keyof Totals)[]) sum[key] += entry[key];
      return { app, ...entry };
    });
    console.log('First load of / (production builds)');
    console.table(
      [...rows, { app: 'total', ...sum }].map((row) => ({
        app: row.app,
        'JS raw': kib(row.jsRaw),
        'JS gzip': kib(row.jsGzip),
        'CSS raw': kib(row.cssRaw),
        'CSS gzip': kib(row.cssGzip),
      })),
    );
    console.log(`React core loaded ${reactCopies} time(s). Budget: ≤ 170 KiB gzipped JS; now ${kib(sum.jsGzip)}.`);
  } finally {
    await browser.close();
    site.kill('SIGTERM');
  }
}

report().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
