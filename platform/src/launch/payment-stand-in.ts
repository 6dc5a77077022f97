import { loadConfig } from '@rentora/api/config';
import { type StandIn, startStandIn } from '@rentora/razorpay-standin';
import type { SiteConfig } from './site-config';

/**
 * The local stand-in for Razorpay, beside the remotes (one per site, however many instances serve
 * it), when the API is set to use it: on GATEWAY_URL's port (GATEWAY_PORT, 3005), with the API's
 * keys, its webhooks sent to the site and its checkout framed by the site's origins
 * (docs/decisions/0031-payments.md). Nothing when the API uses Razorpay itself or no gateway.
 */
export async function startPaymentStandIn(
  site: SiteConfig,
  env: NodeJS.ProcessEnv = process.env,
): Promise<StandIn | undefined> {
  // Only the payment settings are read here: a process serving the remotes alone may lack the rest.
  const { payments } = loadConfig({ ...env, DATABASE_URL: undefined, JWT_SECRET: undefined });
  if (payments?.gateway !== 'standin') return undefined;
  const standIn = await startStandIn({
    port: Number(new URL(payments.apiUrl).port),
    host: site.host,
    keyId: payments.keyId,
    keySecret: payments.keySecret,
    webhookSecret: payments.webhookSecret,
    webhookUrl: `http://127.0.0.1:${site.port}/api/payments/webhook`,
    siteOrigins: site.hostOrigins,
  });
  process.stdout.write(`The payment stand-in (no money moves) is on ${payments.apiUrl}\n`);
  return standIn;
}
