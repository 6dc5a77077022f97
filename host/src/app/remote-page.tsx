import { memo, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { PAGE_SHOWN_EVENT, PAGE_SLOT_ATTRIBUTE } from '@rentora/shared';
import { moduleIdOf, type PageProps, type SitePage } from '@rentora/state';
import { RemoteSlot } from '../lib/federation/remote-slot';
import { adoptFirstPaint, firstPaintGiven, takenFirstPaint } from './first-paint-handover';
import { firstPageDataSettled } from './first-page-data';
import { PageLoading } from './page-loading';

/** A box-less wrapper: the page inside lays out exactly as it would without it. */
const NO_BOX = { display: 'contents' } as const;
const NO_PROPS: PageProps = {};

/**
 * One remote's page in the main area, as its remote's table declares it. Until its code arrives it
 * shows what the server painted (with a loading status), or a loading status alone; a retry after a
 * failed load shows the latter. What the server painted stays until the page's first reads have
 * answered too (for a second at most), so the page never renders it empty; once the remote's page
 * is on screen, the slot says so (`PAGE_SHOWN_EVENT`), and what the reader did in the first paint
 * is handed over to it.
 */
// Kept from rendering again with the same page: a page whose code is still loading would suspend once more.
export const RemotePage = memo(function RemotePage({ page }: { page: SitePage }) {
  const id = moduleIdOf(page);
  const slot = useRef<HTMLDivElement>(null);
  // The first paint the server wrote into this slot (docs/architecture.md §2), as the reader left
  // it: only the page a visit starts on has one.
  const [firstPaint] = useState(() => (typeof document === 'undefined' ? undefined : takenFirstPaint(id)));
  const [dataSettled] = useState(() => (firstPaint === undefined ? undefined : firstPageDataSettled()));
  useLayoutEffect(() => {
    if (firstPaint) firstPaintGiven(firstPaint);
  }, [firstPaint]);
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
        firstAttemptFallback={
          firstPaint === undefined ? undefined : (
            <div style={NO_BOX} ref={(container) => adoptFirstPaint(container, firstPaint)} />
          )
        }
        firstAttemptWaitsFor={dataSettled}
        onShown={shown}
        what={page.what}
      />
    </div>
  );
});
