import { FIRST_PAINT_ATTRIBUTE, PAGE_SLOT_ATTRIBUTE } from '@rentora/shared';

interface TakenFirstPaint {
  /** The remote module whose slot it was in. */
  id: string;
  element: HTMLElement;
  /** The element in it the reader is in, if any, to give the focus (and caret) back once it is in place again. */
  focused: HTMLElement | undefined;
}

let taken: TakenFirstPaint | undefined;

/**
 * Takes the page's first paint (the server wrote it into the page's slot) as the document has it,
 * before React's first render replaces everything in `#root`: the very elements, with what the
 * reader has typed and chosen in them. The page's slot puts them back in place in that same render
 * (`adoptFirstPaint`), so nothing the reader did is lost until the remote's page takes over.
 */
export function takeFirstPaint(): void {
  const element = document.querySelector<HTMLElement>(`[${PAGE_SLOT_ATTRIBUTE}] > [${FIRST_PAINT_ATTRIBUTE}]`);
  const id = element?.parentElement?.getAttribute(PAGE_SLOT_ATTRIBUTE);
  if (!element || !id) return;
  const active = document.activeElement;
  const first: TakenFirstPaint = {
    id,
    element,
    focused: active instanceof HTMLElement && element.contains(active) ? active : undefined,
  };
  // Where the reader is until the render: a focus lost to the render itself (the element leaving the page) is kept.
  element.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement) first.focused = event.target;
  });
  element.addEventListener('focusout', (event) => {
    const target = event.target;
    queueMicrotask(() => {
      if (
        target instanceof HTMLElement &&
        target.isConnected &&
        document.activeElement !== target &&
        first.focused === target
      ) {
        first.focused = undefined;
      }
    });
  });
  taken = first;
}

/** The first paint taken from the slot of `id`, until a page has been given it (`firstPaintGiven`). */
export function takenFirstPaint(id: string): TakenFirstPaint | undefined {
  return taken?.id === id ? taken : undefined;
}

/**
 * The page given `firstPaint` is on the screen: later visits to the page have none. Called when the
 * page commits, not when it renders, as React may throw a render away and render the page again.
 */
export function firstPaintGiven(firstPaint: TakenFirstPaint): void {
  if (taken === firstPaint) taken = undefined;
}

/** Puts a taken first paint into `container`, and the focus (with its caret, which the field keeps) back. */
export function adoptFirstPaint(container: HTMLElement | null, firstPaint: TakenFirstPaint): void {
  if (!container || firstPaint.element.parentNode === container) return;
  container.append(firstPaint.element);
  const { focused } = firstPaint;
  if (focused && firstPaint.element.contains(focused) && document.activeElement !== focused) {
    focused.focus({ preventScroll: true });
  }
}
