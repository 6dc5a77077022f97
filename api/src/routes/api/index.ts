import type { FastifyPluginAsync } from 'fastify';
import type { HelmetOptions } from 'helmet';
import securityHeaders from '../../plugins/external/security-headers';
import addOns from './add-ons';
import bookRide from './book-ride';
import cancelRide from './cancel-ride';
import events from './events';
import health from './health';
import openapi from './openapi';
import operator from './operator';
import payments from './payments';
import quotes from './quotes';
import rentals from './rentals';
import { unknownRoute } from './unknown-route';
import user from './user';
import vehicles from './vehicles';

/**
 * The security headers OWASP's REST Security Cheat Sheet lists for every API answer: a CSP that
 * loads nothing and frames nowhere, HSTS, nosniff, X-Frame-Options DENY and `Cache-Control:
 * no-store` (`API_DEFAULT_HEADERS`: no cache keeps a token, a profile or a booking; the fleet's
 * public answers override it, see `PUBLIC_CACHE_CONTROL`); plus Cross-Origin-Resource-Policy, so
 * no other site can pull an answer into its own process. helmet's other defaults act only on HTML
 * documents (opener, agent cluster, referrer, DNS prefetch, downloads, Flash, the old XSS filter):
 * on JSON they were half of every answer's headers, about 500 bytes.
 */
export const API_SECURITY_HEADERS = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  xFrameOptions: { action: 'deny' },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const satisfies HelmetOptions;

const API_DEFAULT_HEADERS = { 'cache-control': 'no-store' } as const;

/** Everything under /api. Security headers are scoped here: the site served beside it sets its own policy. */
const api: FastifyPluginAsync = async (app) => {
  await app.register(securityHeaders, { helmet: API_SECURITY_HEADERS, also: API_DEFAULT_HEADERS });
  await app.register(health);
  await app.register(openapi);
  await app.register(vehicles, { prefix: '/vehicles' });
  await app.register(user, { prefix: '/user' });
  await app.register(bookRide, { prefix: '/book-ride' });
  await app.register(cancelRide, { prefix: '/cancel-ride' });
  await app.register(events, { prefix: '/events' });
  await app.register(operator, { prefix: '/operator' });
  await app.register(addOns, { prefix: '/add-ons' });
  await app.register(quotes, { prefix: '/quotes' });
  await app.register(rentals, { prefix: '/rentals' });
  await app.register(payments, { prefix: '/payments' });
  // Routes, not only a not-found handler: served beside a site (npm start), whose static files
  // answer `GET /*`, an unknown API path must still get the API's JSON and headers.
  app.all('', { schema: { hide: true } }, unknownRoute);
  app.all('/*', { schema: { hide: true } }, unknownRoute);
  app.setNotFoundHandler(unknownRoute);
};

export default api;
