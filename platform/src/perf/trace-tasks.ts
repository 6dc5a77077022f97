/**
 * The main thread's tasks after the first contentful paint, read from a Chromium trace, and what
 * they cost a phone: `npm run perf:main-thread`. Each task is measured in the main thread's own CPU
 * time (a trace event's `tdur`), not in wall time, so a busy machine (other processes taking the
 * cores) does not make it look longer; times four, as Lighthouse slows the CPU for a mid-range phone.
 */

/** A complete event ('X') of a Chromium trace, as much of it as is read here. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Start, in microseconds. */
  ts: number;
  /** Wall time, in microseconds. */
  dur?: number;
  /** The thread's CPU time, in microseconds. */
  tdur?: number;
  args?: { data?: { url?: string; functionName?: string } };
}

export interface BlockingTask {
  /** Milliseconds after the first contentful paint. */
  at: number;
  /** Its CPU time times the slowdown, in milliseconds. */
  slowedMs: number;
  /** What in it took the most CPU time: a script (`EvaluateScript main.js`), a style and layout pass, … */
  what: string;
}

/** A long task blocks input for whatever it runs past this. */
const BLOCKING_AFTER_MS = 50;
/** A task of the page's main thread, as Chromium's scheduler runs it. */
const TASK = 'ThreadControllerImpl::RunTask';
/**
 * The work inside a task that says what it was: a script, the browser's own steps for the page
 * (style, layout, paint, parsing, fetching, an SVG image's document), garbage collection.
 */
const TELLING =
  /^(EvaluateScript|FunctionCall|ParseHTML|RunMicrotasks|LocalFrameView::|Layout|Paint|UpdateLayoutTree|ResourceFetcher::requestResource|SVGImage::|MinorGC|MajorGC|V8\.GC|DocumentLoader::|ResourceRequestSender::)/;

/** `http://localhost:4800/main.1a2b3c4d.js` → `main.js`: the same file across builds and origins. */
const fileOf = (url: string) => url.replace(/^https?:\/\/[^/]+\//, '').replace(/\.[0-9a-f]{8}(?=\.js$)/, '');

function describe(event: TraceEvent | undefined): string {
  if (!event) return '(nothing traced inside)';
  const { url, functionName } = event.args?.data ?? {};
  const where = url ? ` ${fileOf(url) || '(inline script)'}${functionName ? ` ${functionName}` : ''}` : '';
  return `${event.name}${where}`;
}

/**
 * The tasks of the page's main thread (the renderer thread that reported `firstContentfulPaint`)
 * from that paint on whose CPU time, times `slowdown`, passes 50 ms: each named by the traced work
 * that took most of its CPU time. Undefined for a trace without that paint: it cannot be told.
 */
export function blockingTasks(events: readonly TraceEvent[], slowdown = 4): BlockingTask[] | undefined {
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) return undefined;
  const thread = events.filter(
    (event) => event.pid === paint.pid && event.tid === paint.tid && event.ph === 'X' && event.dur !== undefined,
  );
  return thread
    .filter(
      (task) => task.name === TASK && task.ts >= paint.ts && (slowdown * (task.tdur ?? 0)) / 1000 > BLOCKING_AFTER_MS,
    )
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const inside = thread.filter(
        (event) =>
          event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end && TELLING.test(event.name),
      );
      const heaviest = inside.reduce<TraceEvent | undefined>(
        (most, event) => ((event.tdur ?? 0) > (most?.tdur ?? -1) ? event : most),
        undefined,
      );
      return {
        at: Math.round((task.ts - paint.ts) / 1000),
        slowedMs: (slowdown * (task.tdur ?? 0)) / 1000,
        what: describe(heaviest),
      };
    });
}

/** Total Blocking Time of these tasks: each one's time past 50 ms. */
export function blockingTime(tasks: readonly BlockingTask[]): number {
  return tasks.reduce((sum, task) => sum + Math.max(0, task.slowedMs - BLOCKING_AFTER_MS), 0);
}

/**
 * The page's main-thread CPU time, times `slowdown`, before its first contentful paint and from it
 * on, in milliseconds: a page painted from HTML runs its scripts after that paint, where Total
 * Blocking Time counts them; one rendered by its script runs them before, where it is not counted
 * but delays the paint. Undefined for a trace without that paint.
 */
export function cpuAroundFirstPaint(
  events: readonly TraceEvent[],
  slowdown = 4,
): { beforeMs: number; afterMs: number } | undefined {
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) return undefined;
  let beforeMs = 0;
  let afterMs = 0;
  for (const task of events) {
    if (task.name !== TASK || task.pid !== paint.pid || task.tid !== paint.tid || task.ph !== 'X') continue;
    const slowedMs = (slowdown * (task.tdur ?? 0)) / 1000;
    if (task.ts < paint.ts) beforeMs += slowedMs;
    else afterMs += slowedMs;
  }
  return { beforeMs, afterMs };
}
