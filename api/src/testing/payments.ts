import type { BookingWithPayment, CheckoutResult } from '@rentora/shared/payments';
import type { BusinessSettings } from '@rentora/shared/operator';
import { type StandIn, startStandIn } from '@rentora/razorpay-standin';
import type { AppConfig } from '../config';
import type { Engine } from '../db/connect';
import { DEVELOPMENT_KEYS, type PaymentsConfig } from '../payments/payments-config';
import { reconcileOnce } from '../services/payments/reconcile';
import { ENGINES, type TestApp, createTestApp } from './test-app';

/**
 * The API's side of a test stand-in: its keys, its URL, a short timeout so a hang is quick to
 * see, and no sweep on a timer: a test runs the sweep itself where its steps need it, and a
 * timer's sweep between two steps would settle what a step means to see still pending.
 */
export const paymentsConfigFor = (standIn: StandIn, timeoutMs = 2_000): PaymentsConfig => ({
  gateway: 'standin',
  ...DEVELOPMENT_KEYS,
  apiUrl: standIn.url,
  checkoutScript: `${standIn.url}/v1/checkout.js`,
  timeoutMs,
  sweepOnTimer: false,
});

export interface PaidTestApp extends TestApp {
  standIn: StandIn;
  /** The reconciliation sweep, run once now. */
  sweep(): Promise<void>;
  /** Waits until every webhook the stand-in has sent so far was answered (or gave up). */
  webhooksDelivered(): Promise<void>;
}

/**
 * One block per engine with an app whose payment gateway is a stand-in of its own, its webhooks
 * pointed at the app: the API's real order, signature and webhook code runs against it.
 */
export function describeEachEngineWithGateway(
  title: string,
  body: (subject: PaidTestApp, engine: Engine) => void,
  overrides: Partial<AppConfig> = {},
): void {
  describe.each(ENGINES)(title, (engine) => {
    const subject = {} as PaidTestApp;
    let created: TestApp | undefined;
    let standIn: StandIn | undefined;
    beforeAll(async () => {
      standIn = await startStandIn({
        port: 0,
        ...DEVELOPMENT_KEYS,
        siteOrigins: ['http://localhost:3000'],
      });
      created = await createTestApp(engine, { payments: paymentsConfigFor(standIn), ...overrides });
      const address = created.app.server.address() as { port: number };
      standIn.webhooks.url = `http://127.0.0.1:${address.port}/api/payments/webhook`;
      const app = created.app;
      const sweeping = standIn;
      Object.assign(subject, created, {
        standIn,
        sweep: async () => {
          if (app.payments) await reconcileOnce(app.payments);
        },
        webhooksDelivered: () => sweeping.webhooks.settled(),
      });
    });
    body(subject, engine);
    afterAll(async () => {
      await created?.close();
      await standIn?.close();
    });
  });
}

/** What Checkout hands the browser: the stand-in's `pay` call, as the black-box tests make it. */
export async function payAtStandIn(
  standIn: StandIn,
  orderId: string,
  outcome: 'success' | 'failure' = 'success',
): Promise<{ status: number; result: CheckoutResult }> {
  const response = await fetch(`${standIn.url}/v1/orders/${orderId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome }),
  });
  return { status: response.status, result: (await response.json()) as CheckoutResult };
}

/** The settings' payment fields switched on, the rest as given. */
export const withOnlinePayment = (
  settings: BusinessSettings,
  mode: BusinessSettings['online_payment'] = 'total',
): BusinessSettings => ({ ...settings, online_payment: mode });

export type { BookingWithPayment };
