import { memo, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { FIRST_PAINT_ATTRIBUTE, PAGE_SHOWN_EVENT, PAGE_SLOT_ATTRIBUTE } from '@rentora/shared';
import { moduleIdOf, type PageProps, type SitePage } from '@rentora/state';
import { loadRemoteModule } from '../lib/federation/remote-module';
import { RemoteSlot } from '../lib/federation/remote-slot';
import { firstPageDataSettled } from './first-page-data';
import { PageLoading } from './page-loading';

/** A box-less wrapper: the page inside lays out exactly as it would without it. */
const NO_BOX = { display: 'contents' } as const;
const NO_PROPS: PageProps = {};

/**
 * The first paint the server wrote into the slot of `id` (docs/architecture.md §2), as HTML: only
 * the page a visit starts on has one, and only until the page has taken over.
 */
function servedFirstPaint(id: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const slot = [...document.querySelectorAll(`[${PAGE_SLOT_ATTRIBUTE}]`)].find(
    (element) => element.getAttribute(PAGE_SLOT_ATTRIBUTE) === id,
  );
  return slot?.querySelector(`:scope > [${FIRST_PAINT_ATTRIBUTE}]`)?.innerHTML;
}

/**
 * The server's first paint, adopted as it is: React hydrates this element and leaves what is in it
 * alone (the reader's typing, focus and caret with it). Rendered afresh, were React ever to render
 * the page's HTML again, it is the same picture.
 */
function ServedFirstPaint({ html }: { html: string }) {
  return (
    <div
      {...{ [FIRST_PAINT_ATTRIBUTE]: '' }}
      style={NO_BOX}
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
    />
  );
}

/**
 * One remote's page in the main area, as its remote's table declares it. The page a visit starts
 * on keeps what the server painted until the page's code and first reads are in (the reads for a
 * second at most after the code), so it never shows its loading state between two pictures of
 * the same page; a later visit shows a loading status while the code arrives. Once the remote's
 * page is on screen, the slot says so (`PAGE_SHOWN_EVENT`), and what the reader did in the first
 * paint is handed over to it.
 */
// Kept from rendering again with the same page: a page whose code is still loading would suspend once more.
export const RemotePage = memo(function RemotePage({ page }: { page: SitePage }) {
  const id = moduleIdOf(page);
  const slot = useRef<HTMLDivElement>(null);
  const [firstPaint, setFirstPaint] = useState(() => servedFirstPaint(id));
  const holding = firstPaint !== undefined;
  useEffect(() => {
    if (!holding) return undefined;
    let wanted = true;
    // In a transition: the first paint stays on screen until the page has rendered, never its loading state.
    void Promise.allSettled([loadRemoteModule(id), firstPageDataSettled()]).then(() => {
      if (wanted) startTransition(() => setFirstPaint(undefined));
    });
    return () => {
      wanted = false;
    };
  }, [holding, id]);
  const shown = useCallback(() => {
    // Once the commit is over: when the page's code and data are in before the slot first renders,
    // the page mounts with the slot, and its effects run before the slot's ref is set.
    queueMicrotask(() => slot.current?.dispatchEvent(new Event(PAGE_SHOWN_EVENT, { bubbles: true })));
  }, []);
  return (
    <div ref={slot} {...{ [PAGE_SLOT_ATTRIBUTE]: id }} style={NO_BOX}>
      <RemoteSlot
        id={id}
        props={NO_PROPS}
        fallback={<PageLoading />}
        holding={firstPaint === undefined ? undefined : <ServedFirstPaint html={firstPaint} />}
        onShown={shown}
        what={page.what}
      />
    </div>
  );
});
