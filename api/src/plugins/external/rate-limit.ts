import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../errors';
import { createMemoryStore, createRedisStore } from '../../rate-limit/stores';

type AttemptRequest = FastifyRequest<{ Body: { email: string } }>;

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for register and login: counts the attempt per client address and per email. */
    limitAttempts(request: AttemptRequest, reply: FastifyReply): Promise<void>;
  }
}

const DEFAULT_KEY_PREFIX = 'rentora:attempts:';

/** Counters in memory, or in Redis when REDIS_URL is set so every instance shares them. */
export default fp(
  async (app) => {
    const { rateLimit, redisUrl } = app.config;
    const store =
      redisUrl === undefined
        ? createMemoryStore()
        : createRedisStore(redisUrl, rateLimit.keyPrefix ?? DEFAULT_KEY_PREFIX);
    app.addHook('onClose', () => store.close());

    app.decorate('limitAttempts', async (request: AttemptRequest, reply: FastifyReply) => {
      const checks = [
        { key: `ip:${request.ip}`, max: rateLimit.perIp },
        { key: `email:${request.body.email.trim().toLowerCase()}`, max: rateLimit.perEmail },
      ];
      let waitMs = 0;
      for (const { key, max } of checks) {
        try {
          const { count, resetInMs } = await store.hit(key, rateLimit.windowMs);
          if (count > max) waitMs = Math.max(waitMs, resetInMs);
        } catch (error) {
          // A counter outage must not lock everyone out; the password hash cost still slows guessing.
          request.log.warn({ err: error }, 'rate limit store unavailable');
        }
      }
      if (waitMs === 0) return;
      const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
      reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
      throw new ApiError(
        429,
        `Too many attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,
      );
    });
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
