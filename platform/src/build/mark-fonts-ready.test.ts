import { FONTS_LATER_CLASS, FONTS_READY_CLASS } from '@rentora/shared/first-paint';
import { runInNewContext } from 'node:vm';
import { FONTS_KEPT_KEY, FONTS_WAIT_MS, markFontsReady, webFontFamilies } from './mark-fonts-ready';

const CSS = `
@font-face{font-family:'Inter Variable';font-display:swap;src:url(/assets/inter-text.woff2) format('woff2')}
@font-face{font-family:'Inter Variable';src:url(/assets/inter-symbols.woff2) format('woff2')}
@font-face{font-family:'Inter Fallback';src:local('Arial');size-adjust:107.12%}
@font-face{font-family:"Fraunces Variable";src:url(/assets/fraunces-text.woff2) format('woff2')}
body{font-family:'Inter Variable'}`;

type Face = { family: string; load: () => Promise<unknown> };

/**
 * Runs the script in a page whose fonts, timers, parsing, first paint and storage the test drives.
 * `later`: the server marked the page `fonts-later`.
 */
function pageWithFonts(
  faces: Face[] | undefined,
  { later = false, stored = new Map<string, string>(), paintTiming = true } = {},
) {
  const classes = new Set<string>(later ? [FONTS_LATER_CLASS] : []);
  const timers: { ms: number; run: () => void }[] = [];
  const parsed: (() => void)[] = [];
  const loaded: (() => void)[] = [];
  const painted: (() => void)[] = [];
  const loads: string[] = [];
  const document = {
    documentElement: {
      classList: {
        add: (name: string) => classes.add(name),
        remove: (name: string) => classes.delete(name),
        contains: (name: string) => classes.has(name),
      },
    },
    fonts: faces?.map((face) => ({ family: face.family, load: () => (loads.push(face.family), face.load()) })),
    addEventListener: (_type: string, run: () => void) => parsed.push(run),
  };
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'navigation'] : ['navigation'];
    constructor(private readonly callback: (list: unknown, observer: PerformanceObserver) => void) {}
    observe({ type }: { type: string }) {
      if (type === 'paint') painted.push(() => this.callback({}, this));
    }
    disconnect() {
      painted.length = 0;
    }
  }
  const localStorage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
  };
  const setTimeout = (run: () => void, ms = 0) => timers.push({ run, ms });
  const addEventListener = (_type: string, run: () => void) => loaded.push(run);
  const context = { document, setTimeout, addEventListener, localStorage, PerformanceObserver, Promise };
  runInNewContext(markFontsReady(webFontFamilies(CSS)), { ...context, globalThis: context });
  const runTimers = () => timers.splice(0).forEach(({ run }) => run());
  return {
    classes,
    timers,
    loads,
    stored,
    parse: () => parsed.forEach((run) => run()),
    paint: () => [...painted].forEach((run) => run()),
    load: () => loaded.forEach((run) => run()),
    runTimers,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('webFontFamilies', () => {
  it('names the families the CSS downloads, once each, and not the local fallbacks', () => {
    expect(webFontFamilies(CSS)).toEqual(['Inter Variable', 'Fraunces Variable']);
  });
});

describe('markFontsReady', () => {
  it('marks the page once every face of the web fonts has loaded, whatever the fallbacks do', async () => {
    const loads: Record<string, () => void> = {};
    const face = (family: string) => ({
      family,
      load: () => new Promise<void>((resolve) => (loads[family] = resolve)),
    });
    const page = pageWithFonts([face('"Inter Variable"'), face('Fraunces Variable'), face('Inter Fallback')]);
    page.parse();
    await settle();
    expect(page.classes.has(FONTS_READY_CLASS)).toBe(false);
    loads['"Inter Variable"']?.();
    await settle();
    expect(page.classes.has(FONTS_READY_CLASS)).toBe(false);
    loads['Fraunces Variable']?.();
    await settle();
    expect(page.classes.has(FONTS_READY_CLASS)).toBe(true);
  });

  it('marks it after a moment when the fonts do not come, and when one fails', async () => {
    const page = pageWithFonts([{ family: 'Inter Variable', load: () => new Promise(() => undefined) }]);
    page.parse();
    expect(page.timers.map(({ ms }) => ms)).toEqual([FONTS_WAIT_MS]);
    page.timers[0]?.run();
    expect(page.classes.has(FONTS_READY_CLASS)).toBe(true);

    const failing = pageWithFonts([{ family: 'Inter Variable', load: () => Promise.reject(new Error('offline')) }]);
    failing.parse();
    await settle();
    expect(failing.classes.has(FONTS_READY_CLASS)).toBe(true);
  });

  it('marks it at once in a browser without the font loading API', () => {
    expect(pageWithFonts(undefined).classes.has(FONTS_READY_CLASS)).toBe(true);
    expect(pageWithFonts(undefined, { later: true }).classes.has(FONTS_LATER_CLASS)).toBe(false);
  });

  describe('on a page marked to take its web fonts after its first paint', () => {
    const resolvedFaces = () => [
      { family: 'Inter Variable', load: () => Promise.resolve() },
      { family: 'Fraunces Variable', load: () => Promise.resolve() },
    ];

    it('asks for no font before the first paint, then for every face, and takes the mark off once they are in', async () => {
      const page = pageWithFonts(resolvedFaces(), { later: true });
      page.parse();
      page.runTimers();
      await settle();
      expect(page.loads).toEqual([]);
      expect(page.classes.has(FONTS_LATER_CLASS)).toBe(true);
      page.paint();
      page.runTimers();
      await settle();
      expect(page.loads).toEqual(['Inter Variable', 'Fraunces Variable']);
      expect([...page.classes]).toEqual([FONTS_READY_CLASS]);
    });

    it('takes the mark off even when a face fails, so the fonts are tried where the page uses them', async () => {
      const page = pageWithFonts([{ family: 'Inter Variable', load: () => Promise.reject(new Error('offline')) }], {
        later: true,
      });
      page.paint();
      page.runTimers();
      await settle();
      expect(page.classes.has(FONTS_LATER_CLASS)).toBe(false);
      expect(page.stored.has(FONTS_KEPT_KEY)).toBe(false);
    });

    it('waits for the page’s load in a browser that does not time paints', async () => {
      const page = pageWithFonts(resolvedFaces(), { later: true, paintTiming: false });
      page.paint();
      page.runTimers();
      expect(page.loads).toEqual([]);
      page.load();
      page.runTimers();
      await settle();
      expect(page.loads).toHaveLength(2);
    });

    it('uses the web fonts at once in a browser that has loaded them before', async () => {
      const first = pageWithFonts(resolvedFaces(), { later: true });
      first.paint();
      first.runTimers();
      await settle();
      const next = pageWithFonts(resolvedFaces(), { later: true, stored: first.stored });
      expect(next.classes.has(FONTS_LATER_CLASS)).toBe(false);
      expect(next.timers.map(({ ms }) => ms)).toEqual([FONTS_WAIT_MS]);
      next.parse();
      await settle();
      expect(next.classes.has(FONTS_READY_CLASS)).toBe(true);
    });
  });
});
