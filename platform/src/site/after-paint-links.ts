import { AFTER_PAINT_ATTRIBUTE, inlineJson } from '@rentora/shared/first-paint';

/**
 * Links (attribute maps) as a data block that the page's start-up script adds to the head after
 * the first paint (platform/src/build/start-after-first-paint.ts). A data block is never run, so
 * the page's CSP need not name it; nothing in it can close the element.
 */
export function afterPaintLinks(links: readonly Record<string, string | true>[]): string {
  return `<script type="application/json" ${AFTER_PAINT_ATTRIBUTE}>${inlineJson(links)}</script>`;
}
