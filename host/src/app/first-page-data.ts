/** How long the server's first paint may wait for the page's data once the remote's code is in. */
const FIRST_PAINT_HOLD_MS = 1_000;
const NOTHING_TO_WAIT_FOR = Promise.resolve();
let firstPageData: Promise<void> = NOTHING_TO_WAIT_FOR;

/**
 * Keeps the server's first paint of the page a visit starts on until the page's first reads have
 * answered too, for at most a second after the remote's code came: a page that replaced it before
 * then would show its loading state between two pictures of the same page. Called at start-up,
 * with the reads and the code already on their way; neither promise may reject into here unhandled.
 */
export function holdFirstPaint(data: Promise<void>, code: Promise<unknown>): void {
  firstPageData = Promise.race([
    data,
    // A failed load is the slot's to show, at once.
    code.then(
      () => new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAINT_HOLD_MS)),
      () => undefined,
    ),
  ]);
}

/** Settles when the first page's data has answered, or after the hold; always the same promise. */
export const firstPageDataSettled = (): Promise<void> => firstPageData;
