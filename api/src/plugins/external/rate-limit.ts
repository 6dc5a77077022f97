import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../errors';
import { type Hit, createMemoryStore, createRedisStore } from '../../rate-limit/stores';

type AttemptRequest = FastifyRequest<{ Body: { email: string } }>;

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for register: counts the attempt per client address and per email. */
    limitAttempts(request: AttemptRequest, reply: FastifyReply): Promise<void>;
    /** preHandler for login: counts the attempt per client address; refuses an email whose failed logins used up its budget. */
    limitLogins(request: AttemptRequest, reply: FastifyReply): Promise<void>;
    /** onError hook for login: a 401 counts against the email. */
    countFailedLogin(request: AttemptRequest, reply: FastifyReply, error: FastifyError): Promise<void>;
  }
}

const DEFAULT_KEY_PREFIX = 'rentora:attempts:';

const emailKey = (request: AttemptRequest) => `email:${request.body.email.trim().toLowerCase()}`;

/** Counters in memory, or in Redis when REDIS_URL is set so every instance shares them. */
export default fp(
  async (app) => {
    const { rateLimit, redisUrl } = app.config;
    const store =
      redisUrl === undefined
        ? createMemoryStore()
        : createRedisStore(redisUrl, rateLimit.keyPrefix ?? DEFAULT_KEY_PREFIX);
    app.addHook('onClose', () => store.close());

    /** Refused when the count read is above `max`. */
    interface Check {
      read: () => Promise<Hit>;
      max: number;
    }

    const hitCheck = (key: string, max: number): Check => ({ read: () => store.hit(key, rateLimit.windowMs), max });

    const limit = async (request: AttemptRequest, reply: FastifyReply, checks: Check[]) => {
      let refused = false;
      let waitMs = 0;
      for (const { read, max } of checks) {
        try {
          const { count, resetInMs } = await read();
          if (count <= max) continue;
          refused = true;
          waitMs = Math.max(waitMs, resetInMs);
        } catch (error) {
          // A counter outage must not lock everyone out; the password hash cost still slows guessing.
          request.log.warn({ err: error }, 'rate limit store unavailable');
        }
      }
      if (!refused) return;
      const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
      reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
      throw new ApiError(
        429,
        `Too many attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,
      );
    };

    app.decorate('limitAttempts', (request: AttemptRequest, reply: FastifyReply) =>
      limit(request, reply, [
        hitCheck(`ip:${request.ip}`, rateLimit.perIp),
        hitCheck(emailKey(request), rateLimit.perEmail),
      ]),
    );

    // Only failures count against an email, so logging in often from several devices never locks its owner out.
    app.decorate('limitLogins', (request: AttemptRequest, reply: FastifyReply) =>
      limit(request, reply, [
        hitCheck(`ip:${request.ip}`, rateLimit.perIp),
        // A peek sees only earlier failures: once perEmail of them are recorded, this attempt is refused.
        { read: () => store.peek(emailKey(request)), max: rateLimit.perEmail - 1 },
      ]),
    );

    app.decorate('countFailedLogin', async (request: AttemptRequest, _reply: FastifyReply, error: FastifyError) => {
      if (error.statusCode !== 401) return;
      try {
        await store.hit(emailKey(request), rateLimit.windowMs);
      } catch (failure) {
        request.log.warn({ err: failure }, 'rate limit store unavailable');
      }
    });
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
