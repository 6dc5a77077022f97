import { act } from '@testing-library/react';

/**
 * The payment stand-in's Checkout in jsdom, which neither fetches scripts nor frames pages. The
 * script the wizard adds is fetched from the test API's stand-in and run as a browser runs it
 * (the gateway's real `Razorpay` class); the checkout page's buttons are what its own script
 * does: the stand-in's `pay` call, its answer posted to the site from the frame.
 */
export function loadScriptsFromTheNetwork(): () => void {
  const observer = new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (node instanceof HTMLScriptElement && node.src) void run(node);
      }
    }
  });
  observer.observe(document.head, { childList: true });
  return () => observer.disconnect();
}

async function run(script: HTMLScriptElement): Promise<void> {
  const response = await fetch(script.src);
  if (!response.ok) {
    script.dispatchEvent(new Event('error'));
    return;
  }
  // The script's own code, run by jsdom as an inline script, with `document.currentScript` the
  // element the page added (the script finds its gateway's origin by it).
  const inline = document.createElement('script');
  inline.textContent = await response.text();
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
  try {
    document.head.append(inline);
  } finally {
    Reflect.deleteProperty(document, 'currentScript');
    inline.remove();
  }
  script.dispatchEvent(new Event('load'));
}

/** Checkout's frame over the page, while it is open. */
export const checkoutFrame = () =>
  document.querySelector<HTMLIFrameElement>('iframe[title="Payment (Razorpay stand-in)"]');

/** What the checkout page does on Pay or Fail: asks the stand-in, then posts its answer to the site. */
export async function answerInCheckout(outcome: 'success' | 'failure' | 'close'): Promise<void> {
  const frame = checkoutFrame();
  if (!frame) throw new Error('Checkout is not open.');
  const page = new URL(frame.src);
  const orderId = decodeURIComponent(page.pathname.split('/').pop() ?? '');
  let message: { result: string; response?: unknown } = { result: 'close' };
  if (outcome !== 'close') {
    const answer = await fetch(`${page.origin}/v1/orders/${encodeURIComponent(orderId)}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome }),
    });
    message = { result: answer.ok ? 'success' : 'failure', response: await answer.json() };
  }
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { origin: page.origin, source: frame.contentWindow, data: message }),
    );
  });
}
