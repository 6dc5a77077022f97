import { FONTS_LATER_CLASS, FONTS_READY_CLASS } from '@rentora/shared/first-paint';

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

/** Where a browser remembers that it has the web fonts, so a later first paint uses them at once. */
export const FONTS_KEPT_KEY = 'rentora:web-fonts';

/**
 * Sets `fonts-ready` on <html> once the web fonts have loaded (all of their faces, so nothing new
 * is asked for afterwards), or after FONTS_WAIT_MS: the text a first paint marks
 * `data-waits-for-fonts` shows then (shared/src/styles/base.css), set in the fonts it will keep.
 * The faces are known once the page's styles are parsed, so it looks at DOMContentLoaded.
 *
 * A page the server marks `fonts-later` (no text of it waits) paints in the fallbacks and asks for
 * the web fonts only after its first contentful paint: fonts that arrive before that paint hold it
 * back (100–200 ms at 4× CPU, docs/architecture.md §2). Once a browser has loaded them, it keeps a
 * note, and its later first paints use them at once, from its cache, without a swap.
 */
export function markFontsReady(families: readonly string[]): string {
  const later = JSON.stringify(FONTS_LATER_CLASS);
  const kept = JSON.stringify(FONTS_KEPT_KEY);
  return (
    `(()=>{const root=document.documentElement;` +
    `const keep=(value)=>{try{return value?localStorage.setItem(${kept},"1"):localStorage.getItem(${kept})}catch{}};` +
    `const ready=()=>{root.classList.add(${JSON.stringify(FONTS_READY_CLASS)});root.classList.remove(${later})};` +
    `if(!document.fonts)return ready();` +
    `const families=${JSON.stringify(families)};` +
    `const load=()=>{const faces=[...document.fonts].filter((face)=>families.includes(face.family.replace(/["']/g,"")));` +
    `Promise.all(faces.map((face)=>face.load())).then(()=>{keep(true);ready()},ready)};` +
    `if(root.classList.contains(${later})&&keep()==="1")root.classList.remove(${later});` +
    `if(!root.classList.contains(${later})){setTimeout(ready,${FONTS_WAIT_MS});` +
    `return document.addEventListener("DOMContentLoaded",load)}` +
    `const painted=()=>setTimeout(load);` +
    `if(!globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint"))return addEventListener("load",painted);` +
    `new PerformanceObserver((_list,observer)=>{observer.disconnect();painted()}).observe({type:"paint",buffered:true})})()`
  );
}
