/**
 * Which payment gateway the API uses (docs/decisions/0031-payments.md): Razorpay itself, the
 * local stand-in `npm start` runs beside the site, or none, when online payment cannot be
 * switched on.
 */
export interface PaymentsConfig {
  gateway: 'razorpay' | 'standin';
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where the API calls the gateway's REST API (`…/v1/orders`). */
  apiUrl: string;
  /** The Checkout script the browser loads, from the gateway's own host. */
  checkoutScript: string;
  /** The longest the API waits for one call of the gateway. */
  timeoutMs: number;
  /** False: no reconciliation sweep on a timer (tests that run it themselves, step by step). */
  sweepOnTimer?: boolean;
}

/** Keys the API and the stand-in share when no RAZORPAY_* keys are set: development only, never Razorpay's. */
export const DEVELOPMENT_KEYS = {
  keyId: 'rzp_test_standin0000001',
  keySecret: 'standin-key-secret-for-development-only',
  webhookSecret: 'standin-webhook-secret-for-development-only',
} as const;

export const DEFAULT_GATEWAY_PORT = 3005;
const RAZORPAY_API = 'https://api.razorpay.com';
const RAZORPAY_CHECKOUT = 'https://checkout.razorpay.com/v1/checkout.js';
const GATEWAY_TIMEOUT_MS = 8_000;

/**
 * PAYMENT_GATEWAY=razorpay with RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET:
 * Razorpay. Otherwise the stand-in at GATEWAY_URL (http://localhost:GATEWAY_PORT), with those keys
 * when set, else DEVELOPMENT_KEYS; in production (NODE_ENV=production) never the stand-in: no
 * gateway at all, so online payment stays off.
 */
export function readPaymentsConfig(
  read: (name: string) => string | undefined,
  problems: string[],
): PaymentsConfig | undefined {
  const keys = {
    keyId: read('RAZORPAY_KEY_ID'),
    keySecret: read('RAZORPAY_KEY_SECRET'),
    webhookSecret: read('RAZORPAY_WEBHOOK_SECRET'),
  };
  const gateway = read('PAYMENT_GATEWAY') ?? 'standin';
  if (gateway !== 'razorpay' && gateway !== 'standin') {
    problems.push('PAYMENT_GATEWAY must be razorpay or standin.');
    return undefined;
  }
  if (gateway === 'razorpay') {
    const missing = (Object.keys(keys) as (keyof typeof keys)[])
      .filter((key) => keys[key] === undefined)
      .map(
        (key) =>
          ({ keyId: 'RAZORPAY_KEY_ID', keySecret: 'RAZORPAY_KEY_SECRET', webhookSecret: 'RAZORPAY_WEBHOOK_SECRET' })[
            key
          ],
      );
    if (missing.length > 0) {
      problems.push(`PAYMENT_GATEWAY=razorpay needs ${missing.join(', ')}.`);
      return undefined;
    }
    return {
      gateway,
      keyId: keys.keyId ?? '',
      keySecret: keys.keySecret ?? '',
      webhookSecret: keys.webhookSecret ?? '',
      apiUrl: RAZORPAY_API,
      checkoutScript: RAZORPAY_CHECKOUT,
      timeoutMs: GATEWAY_TIMEOUT_MS,
    };
  }
  if (read('NODE_ENV') === 'production') return undefined;
  const port = read('GATEWAY_PORT') ?? String(DEFAULT_GATEWAY_PORT);
  const apiUrl = (read('GATEWAY_URL') ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    gateway,
    keyId: keys.keyId ?? DEVELOPMENT_KEYS.keyId,
    keySecret: keys.keySecret ?? DEVELOPMENT_KEYS.keySecret,
    webhookSecret: keys.webhookSecret ?? DEVELOPMENT_KEYS.webhookSecret,
    apiUrl,
    checkoutScript: `${apiUrl}/v1/checkout.js`,
    timeoutMs: GATEWAY_TIMEOUT_MS,
  };
}

/** The hosts a page must allow for the gateway's Checkout: its script, and the frame it opens. */
export function checkoutOrigins(config: PaymentsConfig | undefined): string[] {
  if (config === undefined) return [];
  return config.gateway === 'razorpay'
    ? ['https://checkout.razorpay.com', 'https://api.razorpay.com']
    : [new URL(config.checkoutScript).origin];
}
