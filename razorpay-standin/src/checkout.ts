import { createHash } from 'node:crypto';
import type { Order } from './ledger';

/**
 * The stand-in's Checkout, as a site sees Razorpay's: a script defining `Razorpay`, whose
 * `open()` lays its checkout page over the site in a frame. The page offers Pay, Fail and Close;
 * its result comes back to the script by `postMessage` (to the site's origin only), and the script
 * calls the site's `handler` with the three signed fields, fires `payment.failed`, or calls
 * `modal.ondismiss`, as Razorpay's Checkout does.
 */
export const CHECKOUT_SCRIPT = `(() => {
  const origin = new URL(document.currentScript.src).origin;
  class Razorpay {
    constructor(options) {
      this.options = options;
      this.listeners = {};
    }
    on(event, callback) {
      (this.listeners[event] = this.listeners[event] || []).push(callback);
    }
    open() {
      if (this.frame) return;
      const frame = document.createElement('iframe');
      const page = new URL('/checkout/' + encodeURIComponent(this.options.order_id), origin);
      page.searchParams.set('key', this.options.key);
      page.searchParams.set('origin', location.origin);
      if (this.options.name) page.searchParams.set('name', this.options.name);
      frame.src = page.href;
      frame.title = 'Payment (Razorpay stand-in)';
      frame.setAttribute('style', 'position:fixed;inset:0;width:100%;height:100%;border:0;z-index:2147483647;background:rgba(12,14,20,.55)');
      const onMessage = (event) => {
        if (event.origin !== origin || event.source !== frame.contentWindow) return;
        const { result, response } = event.data || {};
        if (result === 'success') {
          this.close();
          if (this.options.handler) this.options.handler(response);
        } else if (result === 'failure') {
          (this.listeners['payment.failed'] || []).forEach((callback) => callback(response));
        } else if (result === 'close') {
          this.close();
          const modal = this.options.modal || {};
          if (modal.ondismiss) modal.ondismiss();
        }
      };
      window.addEventListener('message', onMessage);
      this.stop = () => window.removeEventListener('message', onMessage);
      this.frame = frame;
      document.body.appendChild(frame);
      frame.focus();
    }
    close() {
      if (this.stop) this.stop();
      if (this.frame) this.frame.remove();
      this.frame = undefined;
    }
  }
  window.Razorpay = Razorpay;
})();
`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** ₹1,25,000.50, as India writes it. */
const rupees = (paise: number) =>
  `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(paise / 100)}`;

const PAGE_SCRIPT = `
const { orderId, siteOrigin } = document.body.dataset;
const status = document.getElementById('status');
const send = (result, response) => parent.postMessage({ result, response }, siteOrigin);
async function attempt(outcome) {
  for (const button of document.querySelectorAll('button')) button.disabled = true;
  status.textContent = outcome === 'success' ? 'Paying…' : 'Failing the payment…';
  const answer = await fetch('/v1/orders/' + encodeURIComponent(orderId) + '/pay', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome }),
  });
  const body = await answer.json();
  for (const button of document.querySelectorAll('button')) button.disabled = false;
  if (answer.ok) {
    status.textContent = 'Paid.';
    send('success', body);
  } else {
    status.textContent = body.error.description + ' Pay again, or close.';
    send('failure', body);
  }
}
document.getElementById('pay').addEventListener('click', () => attempt('success'));
document.getElementById('fail').addEventListener('click', () => attempt('failure'));
document.getElementById('close').addEventListener('click', () => send('close'));
for (const button of document.querySelectorAll('button')) button.disabled = false;
`;
const PAGE_SCRIPT_HASH = `sha256-${createHash('sha256').update(PAGE_SCRIPT).digest('base64')}`;

const PAGE_STYLE = `
body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;color:#14161c}
main{width:min(24rem,calc(100vw - 2rem));padding:1.5rem;border-radius:1rem;background:#fff;box-shadow:0 1.5rem 3rem rgba(0,0,0,.3)}
h1{margin:0 0 .25rem;font-size:1.125rem}.merchant{margin:0;color:#5b606b;font-size:.875rem}
.amount{margin:1rem 0;font-size:2rem;font-weight:600}.note{margin:0 0 1rem;color:#5b606b;font-size:.8125rem}
.buttons{display:grid;gap:.5rem}button{font:inherit;padding:.75rem 1rem;border-radius:999px;border:1px solid #14161c;background:#fff;cursor:pointer}
#pay{background:#14161c;color:#fff}button:disabled{opacity:.6;cursor:wait}#status{min-height:1.5em;margin:.75rem 0 0;font-size:.875rem}
`;
const PAGE_STYLE_HASH = `sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}`;

/** The checkout page's own CSP: its one script and style, framed by the site that opened it. */
export const checkoutPageCsp = (siteOrigin: string) =>
  `default-src 'none'; script-src '${PAGE_SCRIPT_HASH}'; style-src '${PAGE_STYLE_HASH}'; connect-src 'self'; frame-ancestors ${siteOrigin}; base-uri 'none'; form-action 'none'`;

/**
 * The checkout page for an order: what is paid, to whom, and the three buttons, enabled by its
 * script once they answer clicks (a click before that would be lost, and a test would wait for it).
 */
export function checkoutPage(order: Order, merchant: string, siteOrigin: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Pay ${escapeHtml(rupees(order.amount))} (Razorpay stand-in)</title><style>${PAGE_STYLE}</style></head>
<body data-order-id="${escapeHtml(order.id)}" data-site-origin="${escapeHtml(siteOrigin)}">
<main role="dialog" aria-labelledby="title">
<h1 id="title">Razorpay stand-in checkout</h1>
<p class="merchant">${escapeHtml(merchant)} · order ${escapeHtml(order.id)}</p>
<p class="amount">${escapeHtml(rupees(order.amount))}</p>
<p class="note">A local stand-in: no money moves. Pay succeeds, Fail declines, Close leaves without paying.</p>
<div class="buttons"><button id="pay" type="button" disabled>Pay ${escapeHtml(rupees(order.amount))}</button>
<button id="fail" type="button" disabled>Fail</button><button id="close" type="button" disabled>Close</button></div>
<p id="status" role="status"></p>
</main>
<script>${PAGE_SCRIPT}</script>
</body></html>`;
}
