import { useState } from 'react';
import type { PageName, RemoteModuleId } from '@rentora/state';
import { RemoteSlot } from '../lib/federation/remote-slot';
import { firstPageDataSettled } from './first-page-data';
import { PageSkeleton } from './page-skeleton';

/** A box-less wrapper: the page inside lays out exactly as it would without it. */
const NO_BOX = { display: 'contents' } as const;

/**
 * The remote page's first paint that the server wrote into this slot (docs/architecture.md §2),
 * read from the document before React replaces it. Only the page a visit starts on has one:
 * once the remote's page has rendered, no slot holds it any more.
 */
function serverFirstPaint(id: RemoteModuleId): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector(`[data-page-slot="${id}"] > [data-first-paint]`)?.innerHTML;
}

/**
 * One remote's page in the main area. Until its code arrives it shows what the server painted
 * (inert, so nothing typed there is lost, with a loading status), or the host's page-shaped
 * skeleton; a retry after a failed load shows the skeleton. What the server painted stays until
 * the page's data has come too (for a second at most), so the page never renders it empty.
 */
export function RemotePage({ page, id, what }: { page: PageName; id: RemoteModuleId; what: string }) {
  const [firstPaint] = useState(() => serverFirstPaint(id));
  const [dataSettled] = useState(() => (firstPaint === undefined ? undefined : firstPageDataSettled()));
  return (
    <div data-page-slot={id} style={NO_BOX}>
      <RemoteSlot
        id={id}
        props={{}}
        fallback={<PageSkeleton page={page} />}
        firstAttemptFallback={
          firstPaint === undefined ? undefined : (
            <div data-first-paint="" style={NO_BOX} dangerouslySetInnerHTML={{ __html: firstPaint }} />
          )
        }
        firstAttemptWaitsFor={dataSettled}
        what={what}
      />
    </div>
  );
}
