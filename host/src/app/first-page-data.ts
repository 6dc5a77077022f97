import { prefetchPage } from '@rentora/state';

/** The longest the server's first paint waits for the page's data once the remote's code is in. */
const FIRST_PAINT_HOLD_MS = 1_000;
const NOTHING_TO_WAIT_FOR = Promise.resolve();
let firstPageData: Promise<void> = NOTHING_TO_WAIT_FOR;

/**
 * Starts the first page's reads, beside its remote's code, and keeps a promise of their answer
 * bounded in time. A remote page that replaced the server's first paint before its data came
 * would show its loading skeletons between two pictures of the same cars.
 */
export function prefetchFirstPage(pathname: string): void {
  firstPageData = Promise.race([
    prefetchPage(pathname),
    new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAINT_HOLD_MS)),
  ]);
}

/** Settles when the first page's data has answered, or after the hold; always the same promise. */
export const firstPageDataSettled = (): Promise<void> => firstPageData;
