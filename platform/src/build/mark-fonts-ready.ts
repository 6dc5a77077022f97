import { FONTS_READY_CLASS } from '@rentora/shared/first-paint';

/** How long a first paint's text waits for the web fonts before it shows in the fallback fonts. */
export const FONTS_WAIT_MS = 1000;

/** The families of the CSS's own web fonts (`@font-face` rules with a `url()` source). */
export function webFontFamilies(css: string): string[] {
  const rules = css.match(/@font-face\s*{[^}]*}/g) ?? [];
  const families = rules
    .filter((rule) => /url\(/.test(rule))
    .map((rule) => /font-family:\s*(['"]?)([^'";]+)\1/.exec(rule)?.[2])
    .filter((family): family is string => Boolean(family));
  return [...new Set(families)];
}

/**
 * Sets `fonts-ready` on <html> once the web fonts have loaded (all of their faces, from the
 * preloads, so nothing new is asked for), or after FONTS_WAIT_MS: the text a first paint marks
 * `data-waits-for-fonts` shows then (shared/src/styles/base.css), set in the fonts it will keep.
 * The faces are known once the page's styles are parsed, so it looks at DOMContentLoaded.
 */
export function markFontsReady(families: readonly string[]): string {
  return (
    `(()=>{const ready=()=>document.documentElement.classList.add(${JSON.stringify(FONTS_READY_CLASS)});` +
    `if(!document.fonts)return ready();setTimeout(ready,${FONTS_WAIT_MS});` +
    `const families=${JSON.stringify(families)};` +
    `document.addEventListener("DOMContentLoaded",()=>{` +
    `const faces=[...document.fonts].filter((face)=>families.includes(face.family.replace(/["']/g,"")));` +
    `Promise.all(faces.map((face)=>face.load())).then(ready,ready)})})()`
  );
}
