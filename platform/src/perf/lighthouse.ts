import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildStale } from '../launch/build';
import { CHROMIUM_FLAGS, findChromium } from '../launch/chromium';
import { startLocalSite } from '../launch/local-site';
import { startImageHost } from './image-host';
import { compareSites, comparisonRow, TARGETS } from './compare-sites';
import { longTasksBySource, median, type LongTask, type TaskSource } from './long-tasks';
import { measuredPages } from './pages';
import { buildSingleBundle } from './single-bundle/build-single-bundle';
import { startSingleBundle } from './single-bundle/start-single-bundle';

/**
 * `npm run perf`: Lighthouse (mobile, simulated throttling) on the production builds of every
 * public page, served exactly as `npm start` serves them, beside Rentora built as one ordinary
 * single-page app (`single-bundle/`, the reference of issue 45) on the same API, with the car
 * photos from a local stand-in for the image CDN, so the figures do not depend on reaching it. It
 * prints figures and gates nothing: Lighthouse scores are too noisy for CI (docs/architecture.md §5).
 *
 * Each page is measured `PERF_RUNS` times (3) on each site at each CPU slowdown of `PERF_CPU`
 * (Lighthouse's 4× and a slower phone's 8×), page by page, the two sites alternating, the one
 * that goes first changing every round. A run is `fresh`, in a new browser process (a first visit:
 * nothing cached, nothing compiled); `PERF_MODES=fresh,warm` adds `warm` runs, every run in one
 * browser after a first unrecorded visit (a returning visitor). It prints the composed site
 * against the reference (medians, each as composed / single, the ratio and issue 45's targets),
 * each site's medians, then the long tasks of each page's median fresh run by source: inline
 * scripts, a chunk, unattributed.
 */
const RUNS = Number(process.env.PERF_RUNS ?? 3);
const MODES = (process.env.PERF_MODES ?? 'fresh').split(',') as Mode[];
const CPU_SLOWDOWNS = (process.env.PERF_CPU ?? '4,8').split(',').map(Number);
const BASE_PORT = Number(process.env.PERF_PORT_BASE ?? 4800);
/** The reference's port: past the composed site's host, remotes and payment stand-in. */
const SINGLE_PORT = Number(process.env.PERF_SINGLE_PORT ?? BASE_PORT + 50);
/** Where to keep each run's full Lighthouse report (JSON), to read its traces and LCP breakdown. */
const REPORT_DIR = process.env.PERF_REPORT_DIR;

type Mode = 'fresh' | 'warm';
type SiteName = 'composed' | 'single';
const SITES: readonly SiteName[] = ['composed', 'single'];

interface Figures {
  site: SiteName;
  page: string;
  mode: Mode;
  cpu: number;
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
  /** Lighthouse's measure of the machine's speed during the run (higher is faster). */
  benchmarkIndex: number;
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
    environment: { benchmarkIndex: number };
    configSettings: { throttling: { cpuSlowdownMultiplier: number } };
    /** A run Lighthouse could not record (NO_NAVSTART and the like): it asks to be run again. */
    runtimeError?: { code: string; message: string };
    categories: Record<'performance' | 'accessibility' | 'best-practices', { score: number | null }>;
    audits: Record<string, LighthouseAudit>;
  };
}

const score = (value: number | null) => Math.round((value ?? 0) * 100);

function figuresOf(site: SiteName, page: string, mode: Mode, { lhr }: LighthouseResult): Figures {
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
    site,
    page,
    mode,
    cpu: lhr.configSettings.throttling.cpuSlowdownMultiplier,
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
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

const pagesOf = (results: readonly Figures[]) => [...new Set(results.map((figures) => figures.page))];

/**
 * The composed site against the reference, page by page at each slowdown, from the fresh runs
 * (first visits): medians as composed / single, the ratios, and which of issue 45's targets miss.
 */
function printComparison(results: readonly Figures[]): void {
  const mode = MODES[0] ?? 'fresh';
  console.log(
    `\nThe composed site / the single-bundle reference (${mode} runs, medians of ${RUNS}; ÷ is composed ÷ single).`,
  );
  console.log(`Targets (issue 45): ${Object.values(TARGETS).join('; ')}.`);
  const rows = [];
  for (const cpu of CPU_SLOWDOWNS) {
    for (const page of pagesOf(results)) {
      const runsOf = (site: SiteName) =>
        results.filter(
          (figures) => figures.site === site && figures.page === page && figures.cpu === cpu && figures.mode === mode,
        );
      const toCompare = (figures: Figures) => ({ ...figures, longTasks: figures.longTasks.length });
      rows.push(
        comparisonRow(page, cpu, compareSites(runsOf('composed').map(toCompare), runsOf('single').map(toCompare))),
      );
    }
  }
  console.table(rows);
  printMachineSpeed(results);
  const missing = rows.filter((row) => row.targets !== 'all hold').length;
  console.log(
    missing === 0
      ? 'Every target holds in this run.'
      : `${missing} of ${rows.length} page/speed rows miss a target in this run (figures only: nothing fails on timing).`,
  );
}

/**
 * How steady the machine was: Lighthouse times each run's tasks on the machine as it is then, and
 * TBT, the part of each task beyond 50 ms, grows faster than the machine slows. A run whose speed
 * varies widely says little about TBT even as a ratio.
 */
function printMachineSpeed(results: readonly Figures[]): void {
  const speeds = results.map((figures) => figures.benchmarkIndex).sort((a, b) => a - b);
  const [slowest, fastest] = [speeds[0] ?? Number.NaN, speeds.at(-1) ?? Number.NaN];
  console.log(
    `The machine's speed through the run (Lighthouse's benchmark index, higher is faster): ` +
      `${Math.round(slowest)}–${Math.round(fastest)} (${(fastest / slowest).toFixed(1)}×), median ${Math.round(median(speeds))}.`,
  );
}

/** Each page's median figures per site, slowdown and way of measuring, with the spread of its TBT. */
function printMedians(results: readonly Figures[]): void {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `\nLighthouse 12, mobile, simulated throttling; the median of ${RUNS} run(s) per page, site, CPU and way.`,
  );
  const rows = [];
  for (const mode of MODES) {
    for (const site of SITES) {
      for (const cpu of CPU_SLOWDOWNS) {
        for (const page of pagesOf(results)) {
          const runs = results.filter(
            (figures) => figures.site === site && figures.cpu === cpu && figures.page === page && figures.mode === mode,
          );
          if (runs.length === 0) continue;
          const middle = (pick: (figures: Figures) => number) => median(runs.map(pick));
          const tbts = runs.map((figures) => Math.round(figures.tbtMs));
          rows.push({
            site,
            CPU: `${cpu}×`,
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
    }
  }
  console.table(rows);
}

/** The long tasks of each page's median run (fresh if measured) per site and slowdown, by source. */
function printLongTasks(
  results: readonly Figures[],
  baseUrls: Record<SiteName, string>,
  appsByOrigin: Record<string, string>,
): void {
  const mode = MODES[0];
  for (const cpu of CPU_SLOWDOWNS) {
    for (const page of pagesOf(results)) {
      for (const site of SITES) {
        const runs = results
          .filter(
            (figures) => figures.site === site && figures.cpu === cpu && figures.page === page && figures.mode === mode,
          )
          .sort((a, b) => a.tbtMs - b.tbtMs);
        const middle = runs[Math.floor((runs.length - 1) / 2)];
        if (!middle) continue;
        const sources: TaskSource[] = longTasksBySource(middle.longTasks, `${baseUrls[site]}${page}`, appsByOrigin);
        console.log(
          `\nLong tasks of ${page}, ${site}, ${cpu}× (${mode}, the median run: TBT ${Math.round(middle.tbtMs)} ms)`,
        );
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
  }
}

function saveReport(figures: Figures, run: number, { report }: LighthouseResult): void {
  if (!REPORT_DIR) return;
  mkdirSync(REPORT_DIR, { recursive: true });
  const name = figures.page.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
  writeFileSync(
    path.join(REPORT_DIR, `${name}-${figures.site}-${figures.cpu}x-${figures.mode}-${run + 1}.json`),
    Array.isArray(report) ? report.join('') : report,
  );
}

async function perf(): Promise<void> {
  await buildStale();
  await buildSingleBundle();
  const chromePath = findChromium();
  if (chromePath === undefined) throw new Error('No Chromium found: set CHROMIUM_PATH or install chromium.');
  // Whatever started is stopped, last first, however far the run got.
  const stops: (() => unknown)[] = [];
  try {
    const site = await startLocalSite(BASE_PORT);
    stops.push(() => site.stop());
    const single = await startSingleBundle(SINGLE_PORT, site.baseUrl);
    stops.push(() => single.stop());
    const baseUrls: Record<SiteName, string> = { composed: site.baseUrl, single: single.baseUrl };
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

    const measure = async (url: string, port: number, cpu: number, attempts = 3): Promise<LighthouseResult> => {
      const result = (await lighthouse(url, {
        port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // Merged into Lighthouse's mobile defaults: only the CPU's slowdown changes.
        throttling: { cpuSlowdownMultiplier: cpu },
      })) as LighthouseResult | undefined;
      if (result === undefined) throw new Error(`Lighthouse returned nothing for ${url}.`);
      const failure = result.lhr.runtimeError;
      if (!failure) return result;
      if (attempts <= 1) throw new Error(`Lighthouse could not measure ${url}: ${failure.message}`);
      console.log(`Lighthouse could not record ${url} (${failure.code}); measuring it again.`);
      return measure(url, port, cpu, attempts - 1);
    };
    /** One run in a browser of its own, closed after it: a first visit. */
    const measureFresh = async (url: string, cpu: number): Promise<LighthouseResult> => {
      const chrome = await launchChrome();
      try {
        return await measure(url, chrome.port, cpu);
      } finally {
        chrome.kill();
      }
    };

    const pages = measuredPages();
    // The servers' first answers (a photo drawn, a manifest read) are not what a shopper meets
    // on a site in service: every page of both sites is visited once, unrecorded, before anything is measured.
    const warm = await launchChrome();
    stops.push(() => warm.kill());
    for (const page of pages) for (const name of SITES) await measure(`${baseUrls[name]}${page}`, warm.port, 4);
    const results: Figures[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      // The two sites take turns going first, round by round, so neither always meets a busier machine.
      const order = run % 2 === 0 ? SITES : [...SITES].reverse();
      for (const page of pages) {
        for (const cpu of CPU_SLOWDOWNS) {
          for (const mode of MODES) {
            for (const name of order) {
              const url = `${baseUrls[name]}${page}`;
              const result = mode === 'fresh' ? await measureFresh(url, cpu) : await measure(url, warm.port, cpu);
              const figures = figuresOf(name, page, mode, result);
              if (figures.cpu !== cpu) throw new Error(`Lighthouse ran ${url} at ${figures.cpu}× CPU, not ${cpu}×.`);
              saveReport(figures, run, result);
              results.push(figures);
            }
          }
        }
      }
      console.log(`Round ${run + 1} of ${RUNS} measured.`);
    }
    printComparison(results);
    printMedians(results);
    const appsByOrigin: Record<string, string> = {
      [new URL(site.baseUrl).origin]: 'host',
      [new URL(single.baseUrl).origin]: 'single',
    };
    for (const [name, url] of Object.entries(site.remotes)) appsByOrigin[new URL(url).origin] = name;
    printLongTasks(results, baseUrls, appsByOrigin);
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

perf().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
