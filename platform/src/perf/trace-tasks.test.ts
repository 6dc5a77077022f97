import { blockingTasks, blockingTime, cpuAroundFirstPaint, type TraceEvent } from './trace-tasks';

const MAIN = { pid: 7, tid: 1 };
const OTHER_THREAD = { pid: 7, tid: 2 };

/** An event of the main thread at `ms` for `wallMs`, of which `cpuMs` on the CPU. */
const event = (
  name: string,
  ms: number,
  wallMs: number,
  cpuMs: number,
  extra: Partial<TraceEvent> = {},
): TraceEvent => ({
  name,
  ph: 'X',
  ...MAIN,
  ts: ms * 1000,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
  ...extra,
});

const paint: TraceEvent = { name: 'firstContentfulPaint', ph: 'R', ...MAIN, ts: 100_000 };
const script = (url: string, ms: number, cpuMs: number, wallMs = cpuMs) => [
  event('ThreadControllerImpl::RunTask', ms, wallMs, cpuMs),
  event('EvaluateScript', ms, wallMs, cpuMs - 1, { args: { data: { url } } }),
];

describe('blockingTasks', () => {
  it('counts the tasks after the first contentful paint whose CPU time, four times over, passes 50 ms', () => {
    const tasks = blockingTasks([
      paint,
      ...script('http://localhost:4800/early.1a2b3c4d.js', 50, 40),
      ...script('http://localhost:4800/main.1a2b3c4d.js', 200, 30),
      ...script('http://localhost:4800/121.1a2b3c4d.js', 300, 12),
    ]);
    expect(tasks).toEqual([{ at: 100, slowedMs: 120, what: 'EvaluateScript main.js' }]);
    expect(blockingTime(tasks ?? [])).toBe(70);
  });

  it('measures CPU time, not wall time: a task the machine kept waiting is no longer for it', () => {
    const tasks = blockingTasks([paint, ...script('http://localhost:4800/main.1a2b3c4d.js', 200, 10, 400)]);
    expect(tasks).toEqual([]);
  });

  it('names a task by the traced work that took most of its CPU time, on the page’s main thread only', () => {
    const tasks = blockingTasks([
      paint,
      event('ThreadControllerImpl::RunTask', 150, 40, 40),
      event('SVGImage::DataChanged', 151, 30, 30),
      event('Layout', 185, 5, 5),
      event('ThreadControllerImpl::RunTask', 150, 90, 90, OTHER_THREAD),
      event('ThreadControllerImpl::RunTask', 300, 20, 20),
    ]);
    expect(tasks).toEqual([
      { at: 50, slowedMs: 160, what: 'SVGImage::DataChanged' },
      { at: 200, slowedMs: 80, what: '(nothing traced inside)' },
    ]);
  });

  it('cannot tell from a trace without a first contentful paint', () => {
    expect(blockingTasks(script('http://localhost:4800/main.1a2b3c4d.js', 200, 30))).toBeUndefined();
  });
});

describe('cpuAroundFirstPaint', () => {
  it('sums the main thread’s tasks in CPU time, slowed, on each side of the first contentful paint', () => {
    const events = [
      paint,
      ...script('http://localhost:4800/main.js', 40, 30, 90),
      ...script('http://localhost:4800/main.js', 150, 20),
      event('ThreadControllerImpl::RunTask', 200, 10, 10, OTHER_THREAD),
    ];
    expect(cpuAroundFirstPaint(events)).toEqual({ beforeMs: 120, afterMs: 80 });
    expect(cpuAroundFirstPaint(events, 8)).toEqual({ beforeMs: 240, afterMs: 160 });
  });

  it('cannot tell without the paint', () => {
    expect(cpuAroundFirstPaint(script('http://localhost:4800/main.js', 40, 30))).toBeUndefined();
  });
});
