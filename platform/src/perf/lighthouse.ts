import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildStale } from '../launch/build';
import { CHROMIUM_FLAGS, findChromium } from '../launch/chromium';
import { startLocalSite } from '../launch/local-site';
import { startImageHost } from './image-host';
import { measuredPages } from './pages';

/**
 * `npm run perf`: Lighthouse (mobile, default simulated throttling) on the production builds of
 * every public page, served exactly as `npm start` serves them, with the car photos from a local
 * stand-in for the image CDN, so the figures do not depend on reaching it. It prints figures and gates
 * nothing: Lighthouse scores are too noisy for CI (docs/architecture.md §5).
 */
const RUNS = Number(process.env.PERF_RUNS ?? 2);
const BASE_PORT = Number(process.env.PERF_PORT_BASE ?? 4800);
/** Where to keep each run's full Lighthouse report (JSON), to read its traces and LCP breakdown. */
const REPORT_DIR = process.env.PERF_REPORT_DIR;

interface Figures {
  page: string;
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
}

interface LighthouseAudit {
  numericValue?: number;
  details?: {
    items?: {
      resourceType?: string;
      transferSize?: number;
      observedFirstContentfulPaint?: number;
      observedLargestContentfulPaint?: number;
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

function figuresOf(page: string, { lhr }: LighthouseResult): Figures {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const observed = lhr.audits.metrics?.details?.items?.[0] ?? {};
  const scriptBytes = requests
    .filter((request) => request.resourceType === 'Script')
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  return {
    page,
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
  };
}

function print(results: Figures[]): void {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`Lighthouse 12, mobile, simulated throttling; ${RUNS} run(s) per page.`);
  console.table(
    results.map((figures) => ({
      page: figures.page,
      performance: figures.performance,
      accessibility: figures.accessibility,
      'best practices': figures.bestPractices,
      LCP: seconds(figures.lcpMs),
      TBT: `${Math.round(figures.tbtMs)} ms`,
      CLS: figures.cls.toFixed(3),
      FCP: seconds(figures.fcpMs),
      'seen FCP': `${figures.observedFcpMs} ms`,
      'seen LCP': `${figures.observedLcpMs} ms`,
      'JS KiB': figures.scriptKiB.toFixed(1),
    })),
  );
}

function saveReport(page: string, run: number, { report }: LighthouseResult): void {
  if (!REPORT_DIR) return;
  mkdirSync(REPORT_DIR, { recursive: true });
  const name = page.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
  writeFileSync(path.join(REPORT_DIR, `${name}-${run + 1}.json`), Array.isArray(report) ? report.join('') : report);
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
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS, ...('unavailable' in images ? [] : images.chromeFlags)],
    });
    stops.push(() => chrome.kill());

    const measure = async (page: string, attempts = 3): Promise<LighthouseResult> => {
      const result = (await lighthouse(`${site.baseUrl}${page}`, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      })) as LighthouseResult | undefined;
      if (result === undefined) throw new Error(`Lighthouse returned nothing for ${page}.`);
      const failure = result.lhr.runtimeError;
      if (!failure) return result;
      if (attempts <= 1) throw new Error(`Lighthouse could not measure ${page}: ${failure.message}`);
      console.log(`Lighthouse could not record ${page} (${failure.code}); measuring it again.`);
      return measure(page, attempts - 1);
    };
    // One unrecorded run per page first: the servers' first answers (a photo drawn, a manifest
    // read) are not what a shopper meets on a site in service.
    const pages = measuredPages();
    for (const page of pages) await measure(page);
    const results: Figures[] = [];
    for (const page of pages) {
      for (let run = 0; run < RUNS; run += 1) {
        const result = await measure(page);
        if (REPORT_DIR) saveReport(page, run, result);
        results.push(figuresOf(page, result));
      }
    }
    print(results);
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

perf().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
