import { inlineJson } from '@rentora/shared/first-paint';

/** Marks a JSON data block of link attributes the page adds once it has painted. */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';

/**
 * Links (attribute maps) as a data block that the page's start-up script adds to the head after
 * the first paint (platform/src/build/start-after-first-paint.ts). A data block is never run, so
 * the page's CSP need not name it; nothing in it can close the element.
 */
export function afterPaintLinks(links: readonly Record<string, string | true>[]): string {
  return `<script type="application/json" ${AFTER_PAINT_ATTRIBUTE}>${inlineJson(links)}</script>`;
}
