import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildStale } from '../launch/build';
import { CHROMIUM_FLAGS, findChromium } from '../launch/chromium';
import { startLocalSite } from '../launch/local-site';
import { startImageHost } from './image-host';
import { longTasksBySource, median, type LongTask, type TaskSource } from './long-tasks';
import { measuredPages } from './pages';

/**
 * `npm run perf`: Lighthouse (mobile, default simulated throttling) on the production builds of
 * every public page, served exactly as `npm start` serves them, with the car photos from a local
 * stand-in for the image CDN, so the figures do not depend on reaching it. It prints figures and gates
 * nothing: Lighthouse scores are too noisy for CI (docs/architecture.md §5).
 *
 * Each page is measured `PERF_RUNS` times (3) in two ways: `fresh`, each run in a new browser
 * process (a first visit: nothing cached, nothing compiled), and `warm`, every run in one browser
 * after a first unrecorded visit (a returning visitor). It prints each page's median per way, then
 * the long tasks of each page's median fresh run by source: inline scripts, a chunk, unattributed.
 * `PERF_MODES=fresh` (or `warm`) runs one way only.
 */
const RUNS = Number(process.env.PERF_RUNS ?? 3);
const MODES = (process.env.PERF_MODES ?? 'fresh,warm').split(',') as Mode[];
const BASE_PORT = Number(process.env.PERF_PORT_BASE ?? 4800);
/** Where to keep each run's full Lighthouse report (JSON), to read its traces and LCP breakdown. */
const REPORT_DIR = process.env.PERF_REPORT_DIR;

type Mode = 'fresh' | 'warm';

interface Figures {
  page: string;
  mode: Mode;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Unthrottled, as the trace saw them: what the simulation starts from. */
  observedFcpMs: number;
  observedLcpMs: number;
  scriptKiB: number;
  longTasks: LongTask[];
}

interface LighthouseAudit {
  numericValue?: number;
  details?: {
    items?: {
      resourceType?: string;
      transferSize?: number;
      observedFirstContentfulPaint?: number;
      observedLargestContentfulPaint?: number;
      url?: string;
      duration?: number;
      startTime?: number;
    }[];
  };
}

interface LighthouseResult {
  report: string | string[];
  lhr: {
    /** A run Lighthouse could not record (NO_NAVSTART and the like): it asks to be run again. */
    runtimeError?: { code: string; message: string };
    categories: Record<'performance' | 'accessibility' | 'best-practices', { score: number | null }>;
    audits: Record<string, LighthouseAudit>;
  };
}

const score = (value: number | null) => Math.round((value ?? 0) * 100);

function figuresOf(page: string, mode: Mode, { lhr }: LighthouseResult): Figures {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const observed = lhr.audits.metrics?.details?.items?.[0] ?? {};
  const scriptBytes = requests
    .filter((request) => request.resourceType === 'Script')
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  const longTasks = (lhr.audits['long-tasks']?.details?.items ?? []).map((task) => ({
    url: task.url ?? 'Unattributable',
    duration: task.duration ?? 0,
    startTime: task.startTime ?? 0,
  }));
  return {
    page,
    mode,
    performance: score(lhr.categories.performance.score),
    accessibility: score(lhr.categories.accessibility.score),
    bestPractices: score(lhr.categories['best-practices'].score),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    fcpMs: audit('first-contentful-paint'),
    observedFcpMs: observed.observedFirstContentfulPaint ?? Number.NaN,
    observedLcpMs: observed.observedLargestContentfulPaint ?? Number.NaN,
    scriptKiB: scriptBytes / 1024,
    longTasks,
  };
}

/** Each page's median figures per way of measuring, with the spread of its TBT. */
function printMedians(results: readonly Figures[]): void {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`Lighthouse 12, mobile, simulated throttling; the median of ${RUNS} run(s) per page and way.`);
  const rows = [];
  for (const mode of MODES) {
    for (const page of new Set(results.map((figures) => figures.page))) {
      const runs = results.filter((figures) => figures.page === page && figures.mode === mode);
      if (runs.length === 0) continue;
      const middle = (pick: (figures: Figures) => number) => median(runs.map(pick));
      const tbts = runs.map((figures) => Math.round(figures.tbtMs));
      rows.push({
        page,
        way: mode,
        performance: middle((figures) => figures.performance),
        accessibility: middle((figures) => figures.accessibility),
        'best practices': middle((figures) => figures.bestPractices),
        LCP: seconds(middle((figures) => figures.lcpMs)),
        TBT: `${middle((figures) => figures.tbtMs).toFixed(0)} ms`,
        'TBT runs': tbts.join(' / '),
        CLS: middle((figures) => figures.cls).toFixed(3),
        FCP: seconds(middle((figures) => figures.fcpMs)),
        'seen LCP': `${middle((figures) => figures.observedLcpMs)} ms`,
        'JS KiB': middle((figures) => figures.scriptKiB).toFixed(1),
      });
    }
  }
  console.table(rows);
}

/** The long tasks of each page's median run (fresh if measured), by source. */
function printLongTasks(results: readonly Figures[], baseUrl: string, appsByOrigin: Record<string, string>): void {
  const mode = MODES[0];
  for (const page of new Set(results.map((figures) => figures.page))) {
    const runs = results
      .filter((figures) => figures.page === page && figures.mode === mode)
      .sort((a, b) => a.tbtMs - b.tbtMs);
    const middle = runs[Math.floor((runs.length - 1) / 2)];
    if (!middle) continue;
    const sources: TaskSource[] = longTasksBySource(middle.longTasks, `${baseUrl}${page}`, appsByOrigin);
    console.log(`\nLong tasks of ${page} (${mode}, the median run: TBT ${Math.round(middle.tbtMs)} ms)`);
    if (sources.length === 0) {
      console.log('  none');
      continue;
    }
    console.table(
      sources.map(({ source, tasks, totalMs, blockingMs }) => ({
        source,
        tasks,
        'time ms': Math.round(totalMs),
        'blocking ms': Math.round(blockingMs),
      })),
    );
  }
}

function saveReport(page: string, mode: Mode, run: number, { report }: LighthouseResult): void {
  if (!REPORT_DIR) return;
  mkdirSync(REPORT_DIR, { recursive: true });
  const name = page.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
  writeFileSync(
    path.join(REPORT_DIR, `${name}-${mode}-${run + 1}.json`),
    Array.isArray(report) ? report.join('') : report,
  );
}

async function perf(): Promise<void> {
  await buildStale();
  const chromePath = findChromium();
  if (chromePath === undefined) throw new Error('No Chromium found: set CHROMIUM_PATH or install chromium.');
  // Whatever started is stopped, last first, however far the run got.
  const stops: (() => unknown)[] = [];
  try {
    const site = await startLocalSite(BASE_PORT);
    stops.push(() => site.stop());
    const fleet = (await (await fetch(`${site.baseUrl}/api/vehicles`)).json()) as { image_url: string }[];
    const images = await startImageHost(
      fleet.map((car) => car.image_url),
      chromePath,
    );
    if ('unavailable' in images) {
      console.log(
        `Photos: not loaded (${images.unavailable}); LCP may then be text, and best practices counts each failed photo.`,
      );
    } else {
      stops.push(() => images.stop());
      console.log(`Photos: from a local stand-in for the image CDN, at a real photo's weight (image-host.ts).`);
    }
    // Lighthouse and chrome-launcher ship as ES modules only.
    const { default: lighthouse } = await import('lighthouse');
    const chromeLauncher = await import('chrome-launcher');
    const launchChrome = () =>
      chromeLauncher.launch({
        chromePath,
        chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS, ...('unavailable' in images ? [] : images.chromeFlags)],
      });

    const measure = async (page: string, port: number, attempts = 3): Promise<LighthouseResult> => {
      const result = (await lighthouse(`${site.baseUrl}${page}`, {
        port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      })) as LighthouseResult | undefined;
      if (result === undefined) throw new Error(`Lighthouse returned nothing for ${page}.`);
      const failure = result.lhr.runtimeError;
      if (!failure) return result;
      if (attempts <= 1) throw new Error(`Lighthouse could not measure ${page}: ${failure.message}`);
      console.log(`Lighthouse could not record ${page} (${failure.code}); measuring it again.`);
      return measure(page, port, attempts - 1);
    };
    /** One run in a browser of its own, closed after it: a first visit. */
    const measureFresh = async (page: string): Promise<LighthouseResult> => {
      const chrome = await launchChrome();
      try {
        return await measure(page, chrome.port);
      } finally {
        chrome.kill();
      }
    };

    const pages = measuredPages();
    // The servers' first answers (a photo drawn, a manifest read) are not what a shopper meets
    // on a site in service: every page is visited once, unrecorded, before anything is measured.
    const warm = await launchChrome();
    stops.push(() => warm.kill());
    for (const page of pages) await measure(page, warm.port);
    const results: Figures[] = [];
    for (const page of pages) {
      for (const mode of MODES) {
        for (let run = 0; run < RUNS; run += 1) {
          const result = mode === 'fresh' ? await measureFresh(page) : await measure(page, warm.port);
          saveReport(page, mode, run, result);
          results.push(figuresOf(page, mode, result));
        }
      }
    }
    printMedians(results);
    const appsByOrigin: Record<string, string> = { [new URL(site.baseUrl).origin]: 'host' };
    for (const [name, url] of Object.entries(site.remotes)) appsByOrigin[new URL(url).origin] = name;
    printLongTasks(results, site.baseUrl, appsByOrigin);
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

perf().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
