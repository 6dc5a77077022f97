import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginPayload } from '@rentora/shared';
import fp from 'fastify-plugin';
import { ApiError } from '../../errors';
import { addressGroup } from '../../rate-limit/address-group';
import { type CounterStore, type Hit, createMemoryStore, createRedisStore } from '../../rate-limit/stores';
import { currentAccount } from '../app/auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for register: counts the attempt per client address and per email. */
    limitAttempts: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * preHandler for login: refuses an email whose failed logins from this address, or from all
     * addresses together, used up their budget; then counts the attempt per client address.
     */
    limitLogins: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onError hook for login: a 401 counts against the email, from this address and from all. */
    countFailedLogin: (request: FastifyRequest, reply: FastifyReply, error: FastifyError) => Promise<void>;
    /** preHandler after authenticate: counts a signed-in user's bookings and cancellations. */
    limitWrites: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const DEFAULT_KEY_PREFIX = 'rentora:attempts:';
/**
 * Failed logins of one email from every address together may reach this many times the
 * per-address budget: enough that an attacker elsewhere cannot lock the owner out, few enough
 * that guessing from many addresses still stops.
 */
const ALL_ADDRESSES_FACTOR = 10;

/** The email of a sign-up or log-in: these hooks run after the route's schema required it as text. */
const emailOf = (request: FastifyRequest) => (request.body as Pick<LoginPayload, 'email'>).email.trim().toLowerCase();
const addressOf = (request: FastifyRequest) => addressGroup(request.ip);
// Distinct prefixes: no email, however odd, can spell another counter's key.
const failuresFromAddress = (request: FastifyRequest) =>
  `login-failures:from:${addressOf(request)}:${emailOf(request)}`;
const failuresFromAll = (request: FastifyRequest) => `login-failures:all:${emailOf(request)}`;

/** Counters in memory, or in Redis when REDIS_URL is set so every instance shares them. */
export default fp(
  async (app) => {
    const { rateLimit, redisUrl } = app.config;
    let store: CounterStore;
    if (redisUrl === undefined) store = createMemoryStore();
    else {
      const redisStore = createRedisStore(redisUrl, rateLimit.keyPrefix ?? DEFAULT_KEY_PREFIX, {
        onOutage: (error) =>
          app.log.warn({ message: error.message }, 'Redis unreachable: rate limits count in this instance’s memory'),
        onRecovery: () => app.log.info('Redis reachable again: rate limits count in Redis'),
      });
      await redisStore.settled;
      store = redisStore;
    }
    app.addHook('onClose', () => store.close());

    /** Refused when the count read is above `max`. */
    interface Check {
      read: () => Promise<Hit>;
      max: number;
    }

    const hitCheck = (key: string, max: number): Check => ({ read: () => store.hit(key, rateLimit.windowMs), max });
    const peekCheck = (key: string, max: number): Check => ({ read: () => store.peek(key), max });

    /** Checks in order; the first refusal ends it, so a refused request is not counted any further. */
    const limit = async (reply: FastifyReply, checks: Check[]) => {
      for (const { read, max } of checks) {
        const { count, resetInMs } = await read();
        if (count <= max) continue;
        const minutes = Math.max(1, Math.ceil(resetInMs / 60_000));
        reply.header('retry-after', String(Math.max(1, Math.ceil(resetInMs / 1000))));
        throw new ApiError(
          429,
          `Too many attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,
        );
      }
    };

    app.decorate('limitAttempts', (request: FastifyRequest, reply: FastifyReply) =>
      limit(reply, [
        hitCheck(`ip:${addressOf(request)}`, rateLimit.perIp),
        hitCheck(`email:${emailOf(request)}`, rateLimit.perEmail),
      ]),
    );

    // Only failures count against an email, so logging in often from several devices never locks its owner out.
    // Peeks see only earlier failures: once the budget is used up, this attempt is refused.
    app.decorate('limitLogins', (request: FastifyRequest, reply: FastifyReply) =>
      limit(reply, [
        peekCheck(failuresFromAddress(request), rateLimit.perEmail - 1),
        peekCheck(failuresFromAll(request), rateLimit.perEmail * ALL_ADDRESSES_FACTOR - 1),
        hitCheck(`ip:${addressOf(request)}`, rateLimit.perIp),
      ]),
    );

    app.decorate('countFailedLogin', async (request: FastifyRequest, _reply: FastifyReply, error: FastifyError) => {
      if (error.statusCode !== 401) return;
      await store.hit(failuresFromAddress(request), rateLimit.windowMs);
      await store.hit(failuresFromAll(request), rateLimit.windowMs);
    });

    app.decorate('limitWrites', (request: FastifyRequest, reply: FastifyReply) =>
      limit(reply, [hitCheck(`writes:${currentAccount(request).id}`, rateLimit.writesPerUser)]),
    );
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
