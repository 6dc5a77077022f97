import { type BrowserContext, chromium } from '@playwright/test';
import { buildStale } from '../launch/build';
import { CHROMIUM_FLAGS, findChromium } from '../launch/chromium';
import { startLocalSite } from '../launch/local-site';
import { measuredPages } from './pages';

/**
 * `npm run perf:main-thread`: where each page's main thread goes after its first paint, in the
 * browser itself rather than in Lighthouse's simulation. Each load runs at Lighthouse's mobile
 * CPU slowdown (4×) on a 412 px screen; the browser's own long-task and long-animation-frame
 * entries give the blocking time (each task's time past 50 ms, after the first contentful paint)
 * and the scripts that took it. It prints medians over the loads and gates nothing.
 */
const LOADS = Number(process.env.PERF_RUNS ?? 7);
const BASE_PORT = Number(process.env.PERF_PORT_BASE ?? 4850);
const CPU_SLOWDOWN = 4;
const SETTLE_MS = 3_000;
const BLOCKING_PAST_MS = 50;

interface PageTimings {
  firstContentfulPaint: number;
  tasks: { start: number; duration: number }[];
  /** Script time per long animation frame: where it came from, and how long it ran. */
  scripts: { source: string; duration: number }[];
}

/** Runs in the page before its own scripts: keeps every long task and long frame. */
const RECORD_TIMINGS = `(() => {
  const timings = (window.__perfTimings = { tasks: [], scripts: [] });
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) timings.tasks.push({ start: task.startTime, duration: task.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries())
      for (const script of frame.scripts)
        timings.scripts.push({
          source: (script.invokerType === 'classic-script' ? 'evaluate' : script.invoker) + ' ' + (script.sourceURL || '(inline)'),
          duration: script.duration,
        });
  }).observe({ type: 'long-animation-frame', buffered: true });
})()`;

const READ_TIMINGS = `({
  ...window.__perfTimings,
  firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
})`;

/** `http://host:port/main.1a2b3c4d.js` → `main.js`: the same file across builds and origins. */
const fileOf = (source: string) =>
  source
    .replace(/https?:\/\/[^/]+\//g, '')
    .replace(/\.[0-9a-f]{8}\.js/g, '.js')
    .trim() || '(inline script)';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function loadOnce(context: BrowserContext, url: string): Promise<PageTimings> {
  const tab = await context.newPage();
  await tab.addInitScript(RECORD_TIMINGS);
  const devtools = await context.newCDPSession(tab);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await tab.goto(url, { waitUntil: 'load' });
  await tab.waitForTimeout(SETTLE_MS);
  return tab.evaluate<PageTimings>(READ_TIMINGS);
}

function report(page: string, loads: PageTimings[]): void {
  const blocking = loads.map(({ tasks, firstContentfulPaint }) =>
    tasks
      .filter((task) => task.start + task.duration > firstContentfulPaint)
      .reduce((sum, task) => sum + Math.max(0, task.duration - BLOCKING_PAST_MS), 0),
  );
  const perFile = new Map<string, number[]>();
  for (const { scripts } of loads) {
    const thisLoad = new Map<string, number>();
    for (const { source, duration } of scripts) {
      const file = fileOf(source);
      thisLoad.set(file, (thisLoad.get(file) ?? 0) + duration);
    }
    for (const [file, duration] of thisLoad) perFile.set(file, [...(perFile.get(file) ?? []), duration]);
  }
  console.log(
    `${page}: blocking time after the first paint, median ${Math.round(median(blocking))} ms ` +
      `(${blocking.map(Math.round).join(', ')})`,
  );
  console.table(
    [...perFile]
      .map(([file, durations]) => ({
        script: file,
        'median ms': Math.round(median(durations)),
        loads: durations.length,
      }))
      .sort((a, b) => b['median ms'] - a['median ms'])
      .slice(0, 8),
  );
}

async function measure(): Promise<void> {
  await buildStale();
  const executablePath = findChromium();
  if (executablePath === undefined) throw new Error('No Chromium found: set CHROMIUM_PATH or install chromium.');
  const site = await startLocalSite(BASE_PORT);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  try {
    console.log(`Main thread at ${CPU_SLOWDOWN}× CPU, 412 px, ${LOADS} loads per page (medians).`);
    for (const page of measuredPages()) {
      const loads: PageTimings[] = [];
      for (let load = 0; load < LOADS; load += 1) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        try {
          loads.push(await loadOnce(context, `${site.baseUrl}${page}`));
        } finally {
          await context.close();
        }
      }
      report(page, loads);
    }
  } finally {
    await browser.close();
    site.stop();
  }
}

measure().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
