import { runInNewContext } from 'node:vm';
import { START_TIMEOUT_MS, startAfterFirstPaint } from './start-after-first-paint';

interface EntryList {
  getEntriesByName: (name: string) => unknown[];
}

/** Runs the start-up script in a page whose paint timing and timers the test drives. */
function pageWithPaintTiming(supported: boolean, readyState: DocumentReadyState = 'interactive') {
  const added: string[] = [];
  const parsed: (() => void)[] = [];
  const timers: { ms: number; run: () => void }[] = [];
  // Tasks the script queues by messaging itself, run when the test says.
  const messages: (() => void)[] = [];
  class MessageChannel {
    port1: { onmessage?: () => void } = {};
    port2 = { postMessage: () => messages.push(() => this.port1.onmessage?.()) };
  }
  let report: ((list: EntryList) => void) | undefined;
  class PerformanceObserver {
    static supportedEntryTypes = supported ? ['paint', 'largest-contentful-paint'] : ['resource'];
    constructor(callback: (list: EntryList, observer: PerformanceObserver) => void) {
      report = (list) => callback(list, this);
    }
    observe() {}
    disconnect() {
      report = undefined;
    }
  }
  // The page's after-paint block, as the build and the server write it.
  const blocks = [
    { textContent: JSON.stringify([{ rel: 'preload', as: 'script', href: '/121.js', fetchpriority: 'low' }]) },
    { textContent: JSON.stringify([{ rel: 'preload', as: 'fetch', href: '/api/vehicles', crossorigin: true }]) },
  ];
  const document = {
    readyState,
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'DOMContentLoaded') parsed.push(listener);
    },
    createElement: (tag: string) => {
      const attributes: Record<string, string> = {};
      return { tag, src: '', attributes, setAttribute: (name: string, value: string) => (attributes[name] = value) };
    },
    querySelectorAll: (selector: string) => (selector === 'script[data-after-paint]' ? blocks : []),
    head: {
      append: (element: { tag: string; src: string; attributes: Record<string, string> }) =>
        added.push(element.tag === 'link' ? `link ${JSON.stringify(element.attributes)}` : element.src),
    },
  };
  const setTimeout = (run: () => void, ms: number) => timers.push({ run, ms });
  runInNewContext(startAfterFirstPaint('/main.1a2b3c4d.js'), {
    document,
    PerformanceObserver,
    setTimeout,
    MessageChannel,
  });
  const paint = (name: string) => report?.({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  const finishParsing = () => parsed.forEach((listener) => listener());
  const runTasks = () => {
    for (let task = messages.shift(); task; task = messages.shift()) task();
  };
  return { added, paint, timers, finishParsing, runTasks };
}

const CHUNK = 'link {"rel":"preload","as":"script","href":"/121.js","fetchpriority":"low"}';
const READ = 'link {"rel":"preload","as":"fetch","href":"/api/vehicles","crossorigin":""}';
const EVERY_FILE = [CHUNK, READ, '/main.1a2b3c4d.js'];

describe('startAfterFirstPaint', () => {
  it('asks for the after-paint files and adds the entry script once the first contentful paint is reported, once', () => {
    const page = pageWithPaintTiming(true);
    expect(page.added).toEqual([]);
    page.paint('first-paint');
    expect(page.added).toEqual([]);
    page.paint('first-contentful-paint');
    page.paint('first-contentful-paint');
    for (const timer of page.timers) timer.run();
    page.runTasks();
    expect(page.added).toEqual(EVERY_FILE);
  });

  it('asks for one file per task, the entry last, so the reader’s first taps are not kept waiting', () => {
    const page = pageWithPaintTiming(true);
    page.paint('first-contentful-paint');
    expect(page.added).toEqual([CHUNK]);
    page.runTasks();
    expect(page.added).toEqual(EVERY_FILE);
  });

  it('adds it after a while when no paint is reported, as in a tab opened in the background', () => {
    const page = pageWithPaintTiming(true);
    expect(page.timers.map(({ ms }) => ms)).toEqual([START_TIMEOUT_MS]);
    page.timers[0]?.run();
    page.runTasks();
    expect(page.added).toEqual(EVERY_FILE);
  });

  it('adds it once the HTML is parsed in a browser without paint timing, so the after-paint blocks are there', () => {
    const loading = pageWithPaintTiming(false, 'loading');
    expect(loading.added).toEqual([]);
    loading.finishParsing();
    loading.runTasks();
    expect(loading.added).toEqual(EVERY_FILE);

    const parsed = pageWithPaintTiming(false, 'interactive');
    parsed.runTasks();
    expect(parsed.added).toEqual(EVERY_FILE);
  });
});
