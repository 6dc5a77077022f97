/**
 * A remote page's first paint: what an exposed page shows before its data arrives, rendered by
 * the remote's own build into `first-paint.json` beside its `mf-manifest.json`, with the CSS it
 * needs. The host's server writes it into the page's slot, so the heading and the form paint
 * from HTML instead of after two origins' JavaScript (docs/architecture.md §2).
 */
export const FIRST_PAINT_FILE = 'first-paint.json';

/** What a first paint's asset URLs start with; the server puts the remote's URL in its place. */
export const REMOTE_URL_PLACEHOLDER = '{remote}/';

/** By expose path ('./FleetPage'): the page's HTML and the CSS its first paint needs. */
export type FirstPaints = Record<string, { html: string; css: string }>;

/** What the host's build puts around a remote page's slot content, for the server to fill. */
const SLOT_START = '<!--rentora:first-paint-->';
const SLOT_END = '<!--/rentora:first-paint-->';
const SLOT_OPENING = /<div [^>]*data-page-slot="[^"]*"[^>]*>/;

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
      return `${shell.slice(0, contentStart)}${SLOT_START}${content}${SLOT_END}${shell.slice(tag.index)}`;
    }
  }
  throw new Error('The shell’s page slot has no end.');
}

/**
 * Puts a remote page's first paint in the slot, inert until the remote's code replaces it: a
 * click or a keystroke before then would be lost. The host reads it back from the same element.
 */
export function fillPageSlot(page: string, html: string): string {
  const start = page.indexOf(SLOT_START);
  const end = page.indexOf(SLOT_END);
  if (start < 0 || end < start) return page;
  const firstPaint = `<div data-first-paint="" inert="" aria-busy="true" style="display:contents">${html}</div>`;
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
