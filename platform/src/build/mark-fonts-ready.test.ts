import { FONTS_READY_CLASS } from '@rentora/shared/first-paint';
import { runInNewContext } from 'node:vm';
import { FONTS_WAIT_MS, markFontsReady, webFontFamilies } from './mark-fonts-ready';

const CSS = `
@font-face{font-family:'Inter Variable';font-display:swap;src:url(/assets/inter-text.woff2) format('woff2')}
@font-face{font-family:'Inter Variable';src:url(/assets/inter-symbols.woff2) format('woff2')}
@font-face{font-family:'Inter Fallback';src:local('Arial');size-adjust:107.12%}
@font-face{font-family:"Fraunces Variable";src:url(/assets/fraunces-text.woff2) format('woff2')}
body{font-family:'Inter Variable'}`;

/** Runs the script in a page whose fonts, timers and parsing the test drives. */
function pageWithFonts(faces: { family: string; load: () => Promise<unknown> }[] | undefined) {
  const classes = new Set<string>();
  const timers: { ms: number; run: () => void }[] = [];
  const parsed: (() => void)[] = [];
  const document = {
    documentElement: { classList: { add: (name: string) => classes.add(name) } },
    fonts: faces,
    addEventListener: (_type: string, run: () => void) => parsed.push(run),
  };
  const setTimeout = (run: () => void, ms: number) => timers.push({ run, ms });
  runInNewContext(markFontsReady(webFontFamilies(CSS)), { document, setTimeout, Promise });
  return { classes, timers, parse: () => parsed.forEach((run) => run()) };
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
  });
});
