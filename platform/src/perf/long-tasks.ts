/**
 * Lighthouse's long tasks (its `long-tasks` audit) summed by where their script came from, so
 * `npm run perf` can say what blocks the main thread: the document (its inline scripts, and the
 * parsing, style and layout Chromium charges to it), a chunk of one of the site's apps, or work
 * Chromium could not attribute. Under simulated throttling Lighthouse drops most of a task's
 * children, so what kind of work a task was is `npm run perf:main-thread`'s to say, from the trace.
 */

/** One row of Lighthouse's `long-tasks` audit: durations are the simulated (throttled) ones. */
export interface LongTask {
  url: string;
  duration: number;
  startTime: number;
}

export interface TaskSource {
  source: string;
  tasks: number;
  totalMs: number;
  /** What these tasks add to Total Blocking Time: each task's time past 50 ms. */
  blockingMs: number;
}

/** A long task blocks input for whatever it runs past this. */
const BLOCKING_AFTER_MS = 50;

/**
 * Where a task's script came from. Lighthouse gives an inline script the document's URL (and so
 * the parsing, style and layout it charges to the document), a file its own URL, and a task it
 * cannot attribute 'Unattributable' ('Browser' and 'Browser GC' are Chromium's own work).
 */
export function sourceOf(url: string, pageUrl: string, appsByOrigin: Readonly<Record<string, string>>): string {
  if (url === 'Unattributable') return 'unattributed';
  if (url === 'Browser' || url === 'Browser GC') return 'browser';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.origin === new URL(pageUrl).origin && !parsed.pathname.endsWith('.js')) return 'the document';
  const app = appsByOrigin[parsed.origin];
  const file = parsed.pathname.replace(/^\//, '');
  return app ? `${app} ${file}` : url;
}

/** The long tasks summed by source, the most blocking first. */
export function longTasksBySource(
  tasks: readonly LongTask[],
  pageUrl: string,
  appsByOrigin: Readonly<Record<string, string>>,
): TaskSource[] {
  const sources = new Map<string, TaskSource>();
  for (const task of tasks) {
    const source = sourceOf(task.url, pageUrl, appsByOrigin);
    const sum = sources.get(source) ?? { source, tasks: 0, totalMs: 0, blockingMs: 0 };
    sum.tasks += 1;
    sum.totalMs += task.duration;
    sum.blockingMs += Math.max(0, task.duration - BLOCKING_AFTER_MS);
    sources.set(source, sum);
  }
  return [...sources.values()].sort((a, b) => b.blockingMs - a.blockingMs || b.totalMs - a.totalMs);
}

/** The middle value (the lower middle of an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}
