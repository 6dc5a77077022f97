import { remoteFileUrl } from '@rentora/shared/apps';

/**
 * A remote page's first paint: what an exposed page shows before its data arrives, rendered by
 * the remote's own build into `first-paint.json` beside its `mf-manifest.json`, with the CSS it
 * needs. The host's server writes it into the page's slot, so the heading and the form paint
 * from HTML instead of after two origins' JavaScript (docs/architecture.md §2).
 */
export const FIRST_PAINT_FILE = 'first-paint.json';

export function firstPaintUrlOf(remoteBaseUrl: string): string {
  return remoteFileUrl(remoteBaseUrl, FIRST_PAINT_FILE);
}

/** What a first paint's asset URLs start with; the server puts the remote's URL in its place. */
export const REMOTE_URL_PLACEHOLDER = '{remote}/';

/** By expose path ('./FleetPage'): the page's HTML and the CSS its first paint needs. */
export type FirstPaints = Record<string, { html: string; css: string }>;

/** What the host's build puts around a remote page's slot content, for the server to fill. */
const slotStart = (id: string) => `<!--rentora:first-paint ${id}-->`;
const SLOT_END = '<!--/rentora:first-paint-->';
const SLOT_OPENING = /<div [^>]*data-page-slot="([^"]*)"[^>]*>/;

/**
 * Marks the content of the shell's remote page slot (`<div data-page-slot>`). React's HTML has
 * no `<` inside text or attribute values, so counting `<div` and `</div>` finds the slot's end.
 */
export function markPageSlot(shell: string): string {
  const opening = SLOT_OPENING.exec(shell);
  if (!opening) return shell;
  const contentStart = opening.index + opening[0].length;
  const tags = /<div[\s>]|<\/div>/g;
  tags.lastIndex = contentStart;
  let depth = 1;
  for (let tag = tags.exec(shell); tag; tag = tags.exec(shell)) {
    depth += tag[0] === '</div>' ? -1 : 1;
    if (depth === 0) {
      const content = shell.slice(contentStart, tag.index);
      const id = opening[1] ?? '';
      return `${shell.slice(0, contentStart)}${slotStart(id)}${content}${SLOT_END}${shell.slice(tag.index)}`;
    }
  }
  throw new Error('The shell’s page slot has no end.');
}

/**
 * Puts a remote page's first paint in the slot of that remote module (`id`), inert until the
 * remote's code replaces it: a click or a keystroke before then would be lost. Inert content is
 * hidden from assistive technology too, so a status beside it says the page is loading. The
 * host reads it all back from the same element. Undefined when the page has no such slot.
 */
export function fillPageSlot(page: string, id: string, html: string): string | undefined {
  const marker = slotStart(id);
  const start = page.indexOf(marker);
  const end = page.indexOf(SLOT_END, start);
  if (start < 0 || end < 0) return undefined;
  const firstPaint =
    '<div data-first-paint="" style="display:contents">' +
    '<span role="status" class="visually-hidden">Loading…</span>' +
    `<div inert="" style="display:contents">${html}</div></div>`;
  return `${page.slice(0, start)}${firstPaint}${page.slice(end + SLOT_END.length)}`;
}

/** The remote's CSS moved into the host's page: relative URLs keep pointing at the remote. */
export function cssFromRemote(css: string, cssFileUrl: string): string {
  return css.replace(
    /url\((['"]?)(?!data:|[a-z][a-z0-9+.-]*:|\/\/|#)([^'")]+)\1\)/gi,
    (_match, quote: string, url: string) => {
      return `url(${quote}${new URL(url, cssFileUrl).toString()}${quote})`;
    },
  );
}
