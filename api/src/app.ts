import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { SCHEMA_FORMATS } from '@rentora/shared/schemas';
import type { AppConfig } from './config';
import { RequestLog, logDestination } from './logging/request-log';
import { RequestLogger } from './logging/request-logger';
import auth from './plugins/app/auth';
import availabilityFeed from './plugins/app/availability-feed';
import cachedReads from './plugins/app/cached-reads';
import clock from './plugins/app/clock';
import fleet from './plugins/app/fleet';
import housekeeping from './plugins/app/housekeeping';
import payments from './plugins/app/payments';
import readiness from './plugins/app/readiness';
import businessSettings from './plugins/app/settings';
import vehicleChanges from './plugins/app/vehicle-changes';
import config from './plugins/external/config';
import contentType from './plugins/external/content-type';
import database from './plugins/external/database';
import errors, { frameworkError } from './plugins/external/errors';
import nulFreeText from './plugins/external/nul-free-text';
import openapi from './plugins/external/openapi';
import rateLimit from './plugins/external/rate-limit';
import api from './routes/api';

const BODY_LIMIT_BYTES = 16 * 1024;
const REQUEST_ID = /^[\w.:-]{1,64}$/;

/** A caller's x-request-id is kept when it looks like an id, so logs correlate across services. */
function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** A hop count trusts that many proxies nearest the server (Fastify's types take it as a function). */
function proxyTrust(trust: AppConfig['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * The whole API as one Fastify instance, not listening, with no process-level side effects
 * other than its log stream's flush when the process exits. Fails, with nothing left open, when a
 * plugin cannot start.
 */
export async function buildApp(appConfig: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: appConfig.logLevel, redact: ['req.headers.authorization'], stream: logDestination() },
    genReqId: requestId,
    logController: new RequestLog(),
    childLoggerFactory: (logger, bindings, options) => new RequestLogger(logger, bindings, options),
    trustProxy: proxyTrust(appConfig.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // Slow clients cannot hold sockets open forever; keep-alive outlives typical proxy idle timeouts.
    requestTimeout: 30_000,
    keepAliveTimeout: 72_000,
    // A request that still reaches a closing instance (a balancer not yet told) is served, not
    // refused with Fastify's 503: the shutdown waits for the balancers to leave first (server.ts).
    return503OnClosing: false,
    // An address Fastify cannot decode (`/vehicles/%ff`) is answered `{ message }`, as everything else is.
    frameworkErrors: frameworkError,
    // Long made-up vehicle ids must still reach the route and get a 404, not a 414.
    routerOptions: { maxParamLength: 2048 },
    ajv: { customOptions: { removeAdditional: true, coerceTypes: false, formats: SCHEMA_FORMATS } },
    // The answers' schemas share their fields with the requests', formats and all.
    serializerOpts: { ajv: { formats: SCHEMA_FORMATS } },
  });
  try {
    await app.register(config, { config: appConfig });
    await app.register(readiness);
    await app.register(errors);
    await app.register(contentType);
    await app.register(nulFreeText);
    await app.register(openapi);
    await app.register(database);
    await app.register(rateLimit);
    await app.register(housekeeping);
    await app.register(clock);
    await app.register(vehicleChanges);
    await app.register(auth);
    await app.register(fleet);
    await app.register(cachedReads);
    await app.register(businessSettings);
    await app.register(availabilityFeed);
    await app.register(payments);
    await app.register(api, { prefix: '/api' });
  } catch (error) {
    // A plugin that failed (an untrusted secret, an unreachable database) leaves nothing open behind it.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
