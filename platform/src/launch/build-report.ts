import { chromium, type Page, type Response } from '@playwright/test';
import { siteApps } from '../apps';
import { buildStale } from './build';
import { findRepoRoot } from './repo';
import { CHROMIUM_FLAGS, findChromium } from './chromium';
import { startLocalSite } from './local-site';
import { measuredPages } from '../perf/pages';

/**
 * `npm run build:report`: loads each page of the production builds in Chromium and prints the
 * JavaScript and CSS each app sent for that first load, as sent (compressed) and raw. It fails
 * when a budget is broken (docs/architecture.md §5), so `npm test` catches a regression:
 * - the first load of `/` sends at most FIRST_LOAD_BUDGET_KIB of compressed JavaScript;
 * - a remote's code for one page is at most 25 KiB;
 * - React, the router and the stores are each loaded once;
 * - the host downloads no stylesheet: its start-up CSS is inline in each page.
 * `REPORT_FILES=1` also lists every file each page loaded, with its size as sent.
 */
const BASE_PORT = Number(process.env.REPORT_PORT_BASE ?? 4600);
/** 120 KiB, plus the 7.4 KiB react-router-dom costs over wouter (docs/decisions/0023-react-router-behind-the-facade.md). */
const FIRST_LOAD_BUDGET_KIB = 127.4;
const REMOTE_PAGE_BUDGET_KIB = 25;
const SINGLETONS = ['react', 'react-dom', '@rentora/state', '@rentora/state/router'];

interface Sizes {
  jsSent: number;
  jsRaw: number;
  cssSent: number;
  cssRaw: number;
}

interface PageLoad {
  page: string;
  byApp: Map<string, Sizes>;
  /** How many copies of each shared singleton the federation runtime loaded. */
  copies: Record<string, number>;
}

const kib = (bytes: number) => bytes / 1024;
const format = (bytes: number) => `${kib(bytes).toFixed(1)} KiB`;
const empty = (): Sizes => ({ jsSent: 0, jsRaw: 0, cssSent: 0, cssRaw: 0 });

async function loadedCopies(page: Page): Promise<Record<string, number>> {
  return page.evaluate((names) => {
    type Versions = Record<string, { loaded?: boolean; lib?: unknown }>;
    const share = (
      window as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Versions>>> } }
    ).__FEDERATION__?.__SHARE__;
    const copies: Record<string, number> = {};
    for (const name of names) {
      const loaded = new Set<string>();
      for (const scopes of Object.values(share ?? {})) {
        for (const [version, entry] of Object.entries(scopes.default?.[name] ?? {})) {
          if (entry.loaded || entry.lib) loaded.add(version);
        }
      }
      copies[name] = loaded.size;
    }
    return copies;
  }, SINGLETONS);
}

async function measure(page: Page, url: string, appOf: (url: string) => string | undefined): Promise<PageLoad> {
  const byApp = new Map<string, Sizes>();
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    const type = response.request().resourceType();
    const app = appOf(response.url());
    if (!app || (type !== 'script' && type !== 'stylesheet')) return;
    pending.push(
      Promise.all([response.request().sizes(), response.body()]).then(([{ responseBodySize }, body]) => {
        if (process.env.REPORT_FILES)
          console.log(`${new URL(url).pathname}: ${app} ${format(responseBodySize)} ${response.url()}`);
        const sizes = byApp.get(app) ?? empty();
        if (type === 'script') {
          sizes.jsSent += responseBodySize;
          sizes.jsRaw += body.length;
        } else {
          sizes.cssSent += responseBodySize;
          sizes.cssRaw += body.length;
        }
        byApp.set(app, sizes);
      }),
    );
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  page.off('response', onResponse);
  return { page: new URL(url).pathname, byApp, copies: await loadedCopies(page) };
}

function problemsOf(load: PageLoad): string[] {
  const problems: string[] = [];
  const totalJs = [...load.byApp.values()].reduce((sum, sizes) => sum + sizes.jsSent, 0);
  if (load.page === '/' && kib(totalJs) > FIRST_LOAD_BUDGET_KIB) {
    problems.push(`/ sends ${format(totalJs)} of JavaScript: the budget is ${FIRST_LOAD_BUDGET_KIB} KiB.`);
  }
  for (const [app, sizes] of load.byApp) {
    if (app !== 'host' && kib(sizes.jsSent) > REMOTE_PAGE_BUDGET_KIB) {
      problems.push(
        `${load.page}: the ${app} remote sends ${format(sizes.jsSent)}: the budget is ${REMOTE_PAGE_BUDGET_KIB} KiB.`,
      );
    }
  }
  const hostCss = load.byApp.get('host')?.cssSent ?? 0;
  if (hostCss > 0) {
    problems.push(`${load.page}: the host downloaded ${format(hostCss)} of CSS that its page already has inline.`);
  }
  for (const [name, count] of Object.entries(load.copies)) {
    if (count > 1) problems.push(`${load.page}: ${name} was loaded ${count} times.`);
  }
  return problems;
}

function print(load: PageLoad): void {
  const { host, remotes } = siteApps(findRepoRoot());
  const rows = [host, ...remotes]
    .map(({ name }) => name)
    .filter((app) => load.byApp.has(app))
    .map((app) => ({ app, ...(load.byApp.get(app) ?? empty()) }));
  const total = rows.reduce(
    (sum, row) => ({
      app: 'total' as const,
      jsSent: sum.jsSent + row.jsSent,
      jsRaw: sum.jsRaw + row.jsRaw,
      cssSent: sum.cssSent + row.cssSent,
      cssRaw: sum.cssRaw + row.cssRaw,
    }),
    { app: 'total' as const, ...empty() },
  );
  console.log(`\nFirst load of ${load.page}`);
  console.table(
    [...rows, total].map((row) => ({
      app: row.app,
      'JS sent': format(row.jsSent),
      'JS raw': format(row.jsRaw),
      'CSS sent': format(row.cssSent),
      'CSS raw': format(row.cssRaw),
    })),
  );
  console.log(
    `Loaded once each? ${Object.entries(load.copies)
      .map(([name, count]) => `${name} ×${count}`)
      .join(', ')}`,
  );
}

async function report(): Promise<number> {
  await buildStale();
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found: set CHROMIUM_PATH or install chromium.');
  const site = await startLocalSite(BASE_PORT);
  const origins = new Map<string, string>([
    [new URL(site.baseUrl).origin, 'host'],
    ...Object.entries(site.remotes).map(([name, url]) => [new URL(url).origin, name] as const),
  ]);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  try {
    const problems: string[] = [];
    for (const path of measuredPages()) {
      // A fresh context per page: nothing cached, as on a first visit.
      const context = await browser.newContext();
      const load = await measure(await context.newPage(), `${site.baseUrl}${path}`, (url) =>
        origins.get(new URL(url).origin),
      );
      await context.close();
      print(load);
      problems.push(...problemsOf(load));
    }
    if (problems.length === 0) {
      console.log(
        `\nWithin budget: / ≤ ${FIRST_LOAD_BUDGET_KIB} KiB of JavaScript, ` +
          `each remote page ≤ ${REMOTE_PAGE_BUDGET_KIB} KiB, singletons once, no host CSS downloaded.`,
      );
      return 0;
    }
    console.error(`\nOver budget:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    return 1;
  } finally {
    await browser.close();
    site.stop();
  }
}

report().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
