import { escapeHtml, FONTS_LATER_CLASS, WAITS_FOR_FONTS_ATTRIBUTE } from '@rentora/shared/first-paint';

/** The document's `<html>` tag, and its attributes. */
const HTML_TAG = /<html\b([^>]*)>/;
const LATER = ` class="${FONTS_LATER_CLASS}"`;

/**
 * A shell as the host's build writes it: it paints in the web fonts' fallbacks, and its start-up
 * script asks for the web fonts after that paint (platform/src/build/mark-fonts-ready.ts).
 */
export function withFontsLater(html: string): string {
  const tag = HTML_TAG.exec(html);
  if (!tag) throw new Error('The host template has no <html> element.');
  if (/\sclass=/.test(tag[1] ?? '')) throw new Error('The host template gives <html> a class of its own.');
  return html.replace(HTML_TAG, (_tag, attributes: string) => `<html${attributes}${LATER}>`);
}

/**
 * A page whose first paint has text waiting for the web fonts (a car's name) asks for them at once,
 * as the shell's CSS names them, and paints in them; any other keeps its shell's `fonts-later`.
 */
export function fontsOfPage(
  shellHtml: string,
  page: string | undefined,
  fonts: readonly string[],
): { html: string; preloads: string[] } {
  if (!page?.includes(WAITS_FOR_FONTS_ATTRIBUTE)) return { html: shellHtml, preloads: [] };
  return {
    html: shellHtml.replace(HTML_TAG, (tag) => tag.replace(LATER, '')),
    preloads: fonts.map(
      (href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${escapeHtml(href)}">`,
    ),
  };
}
