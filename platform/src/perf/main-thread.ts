import { type Browser, chromium } from '@playwright/test';
import { buildStale } from '../launch/build';
import { CHROMIUM_FLAGS, findChromium } from '../launch/chromium';
import { startLocalSite } from '../launch/local-site';
import { median } from './long-tasks';
import { measuredPages } from './pages';
import { buildSingleBundle } from './single-bundle/build-single-bundle';
import { startSingleBundle } from './single-bundle/start-single-bundle';
import { type BlockingTask, blockingTasks, blockingTime, cpuAroundFirstPaint, type TraceEvent } from './trace-tasks';

/**
 * `npm run perf:main-thread`: where each page's main thread goes after its first paint, from
 * Chromium's own trace of a first visit (a new browser context each load, 412 px). Each task counts
 * its thread's CPU time times four (Lighthouse's mobile slowdown), so the figures hold on a busy
 * machine, where Lighthouse's, from wall time, do not. It prints each page's median blocking time
 * and, summed over the loads, what the blocking tasks were; then, loads of the composed site and
 * of the single-bundle reference alternating, each one's CPU time before and after its first
 * paint and its blocking time at 4× and 8×, as composed / single. It gates nothing.
 */
const LOADS = Number(process.env.PERF_RUNS ?? 5);
const BASE_PORT = Number(process.env.PERF_PORT_BASE ?? 4850);
/** Long enough after `load` for the page's first render and its data to have come. */
const SETTLE_MS = 2_500;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink',
  'loading',
  'toplevel',
];

interface TracingSession {
  on(event: 'Tracing.dataCollected', listener: (data: { value: TraceEvent[] }) => void): void;
  once(event: 'Tracing.tracingComplete', listener: () => void): void;
  send(method: string, params?: object): Promise<unknown>;
}

async function traceOneLoad(browser: Browser, url: string): Promise<TraceEvent[]> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const tab = await context.newPage();
    const devtools = (await context.newCDPSession(tab)) as unknown as TracingSession;
    const events: TraceEvent[] = [];
    devtools.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const complete = new Promise<void>((resolve) => devtools.once('Tracing.tracingComplete', resolve));
    await devtools.send('Tracing.start', { categories: CATEGORIES.join(','), transferMode: 'ReportEvents' });
    await tab.goto(url, { waitUntil: 'load' });
    await tab.waitForTimeout(SETTLE_MS);
    await devtools.send('Tracing.end');
    await complete;
    return events;
  } finally {
    await context.close();
  }
}

function report(page: string, loads: BlockingTask[][]): void {
  const times = loads.map(blockingTime);
  console.log(
    `\n${page}: blocking time after the first paint (CPU time × 4), median ${Math.round(median(times))} ms ` +
      `(${times.map(Math.round).join(', ')})`,
  );
  const byWhat = new Map<string, { tasks: number; blockingMs: number }>();
  for (const task of loads.flat()) {
    const sum = byWhat.get(task.what) ?? { tasks: 0, blockingMs: 0 };
    sum.tasks += 1;
    sum.blockingMs += Math.max(0, task.slowedMs - 50);
    byWhat.set(task.what, sum);
  }
  console.table(
    [...byWhat]
      .map(([what, { tasks, blockingMs }]) => ({
        'the most of it': what,
        'tasks per load': Number((tasks / loads.length).toFixed(1)),
        'blocking ms per load': Math.round(blockingMs / loads.length),
      }))
      .sort((a, b) => b['blocking ms per load'] - a['blocking ms per load'])
      .slice(0, 8),
  );
}

/** One first visit's figures beside the reference's: the CPU time on each side of the first paint, and blocking time. */
interface AroundPaint {
  beforeMs: number;
  afterMs: number;
  blocking4Ms: number;
  blocking8Ms: number;
}

function aroundPaint(events: readonly TraceEvent[]): AroundPaint | undefined {
  const cpu = cpuAroundFirstPaint(events);
  const at4 = blockingTasks(events, 4);
  const at8 = blockingTasks(events, 8);
  if (!cpu || !at4 || !at8) return undefined;
  return { ...cpu, blocking4Ms: blockingTime(at4), blocking8Ms: blockingTime(at8) };
}

/**
 * The composed site against the single-bundle reference, loads alternating: the reference renders
 * from its script, so its work comes before its first paint, where blocking time is not counted.
 */
async function compareWithSingleBundle(browser: Browser, baseUrls: { composed: string; single: string }) {
  console.log(
    `\nBeside the single-bundle reference (composed / single, medians of ${LOADS} loads each, CPU time × 4):`,
  );
  const rows = [];
  for (const page of measuredPages()) {
    const runs: Record<'composed' | 'single', AroundPaint[]> = { composed: [], single: [] };
    for (
      let attempt = 0;
      attempt < 2 * LOADS && (runs.composed.length < LOADS || runs.single.length < LOADS);
      attempt += 1
    ) {
      for (const site of attempt % 2 === 0 ? (['composed', 'single'] as const) : (['single', 'composed'] as const)) {
        if (runs[site].length >= LOADS) continue;
        const figures = aroundPaint(await traceOneLoad(browser, `${baseUrls[site]}${page}`));
        if (figures) runs[site].push(figures);
      }
    }
    const pair = (pick: (figures: AroundPaint) => number) =>
      `${Math.round(median(runs.composed.map(pick)))} / ${Math.round(median(runs.single.map(pick)))}`;
    rows.push({
      page,
      'CPU before first paint ms': pair((figures) => figures.beforeMs),
      'CPU after ms': pair((figures) => figures.afterMs),
      'blocking after, 4× ms': pair((figures) => figures.blocking4Ms),
      'blocking after, 8× ms': pair((figures) => figures.blocking8Ms),
    });
  }
  console.table(rows);
}

async function measure(): Promise<void> {
  await buildStale();
  await buildSingleBundle();
  const executablePath = findChromium();
  if (executablePath === undefined) throw new Error('No Chromium found: set CHROMIUM_PATH or install chromium.');
  const site = await startLocalSite(BASE_PORT);
  const single = await startSingleBundle(BASE_PORT + 50, site.baseUrl);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  try {
    console.log(`Main thread after the first paint, CPU time × 4, 412 px, ${LOADS} first visits per page.`);
    for (const page of measuredPages()) {
      const loads: BlockingTask[][] = [];
      // A trace now and then lacks the paint it counts from: that load is made again.
      for (let attempt = 0; loads.length < LOADS && attempt < 2 * LOADS; attempt += 1) {
        const tasks = blockingTasks(await traceOneLoad(browser, `${site.baseUrl}${page}`));
        if (tasks) loads.push(tasks);
      }
      if (loads.length < LOADS) throw new Error(`${page}: only ${loads.length} of ${LOADS} traces had a first paint.`);
      report(page, loads);
    }
    await compareWithSingleBundle(browser, { composed: site.baseUrl, single: single.baseUrl });
  } finally {
    await browser.close();
    single.stop();
    site.stop();
  }
}

measure().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
