import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginPayload, SignUpPayload } from '@rentora/shared';
import { checkSignUp } from '@rentora/shared/rules';
import fp from 'fastify-plugin';
import { DEFAULT_DOCUMENTS_PER_USER, DEFAULT_QUOTES_PER_IP } from '../../config';
import { ApiError } from '../../errors';
import { addressGroup } from '../../rate-limit/address-group';
import { type CounterStore, createMemoryStore, createRedisStore } from '../../rate-limit/stores';
import { currentAccount } from '../app/auth';

/** Takes back the failure a login attempt was counted as, when it turns out not to have failed. */
export type Refund = () => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler for register: counts every attempt per client address, and one that could succeed
     * (its form is valid) per email too, so nobody can use up another person's email budget with
     * sign-ups that were bound to fail.
     */
    limitSignUp: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Counts a login attempt as a failure before its password is checked, and refuses it (429)
     * when that uses up a budget: per email and browser for a browser that has logged in to this
     * account before (`deviceId`, from its device cookie), else per email and address and per
     * email from all addresses; then counts it per address. Answers the refund for an attempt
     * that does not fail. Counting first means a burst of parallel guesses cannot get past a
     * budget while the password hashes queue.
     */
    chargeLogin: (request: FastifyRequest, reply: FastifyReply, deviceId: string | undefined) => Promise<Refund>;
    /** preHandler after authenticate: counts bookings and cancellations per signed-in user and per address. */
    limitWrites: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: counts quotes per address (anyone may ask for one, signed in or not). */
    limitQuotes: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler after authenticate: counts the PDFs (invoices, credit notes) a signed-in user asks for. */
    limitDocuments: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const DEFAULT_KEY_PREFIX = 'rentora:attempts:';
/**
 * Failed logins of one email from browsers it has never logged in from, from every address
 * together, may reach this many times the per-address budget: guessing from many addresses
 * still stops, and the owner's own browser is not held to this budget at all.
 */
const ALL_ADDRESSES_FACTOR = 10;

/** The email of a sign-up or log-in: these hooks run after the route's schema required it as text. */
const emailOf = (request: FastifyRequest) => (request.body as Pick<LoginPayload, 'email'>).email.trim().toLowerCase();
const addressOf = (request: FastifyRequest) => addressGroup(request.ip);

/** Refused: too many attempts for one of the budgets. */
function tooMany(reply: FastifyReply, resetInMs: number): ApiError {
  const minutes = Math.max(1, Math.ceil(resetInMs / 60_000));
  reply.header('retry-after', String(Math.max(1, Math.ceil(resetInMs / 1000))));
  return new ApiError(
    429,
    `Too many attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,
  );
}

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

    interface Budget {
      key: string;
      max: number;
    }

    /**
     * Counts one against each budget in order. The first one used up refuses the request, and
     * every count this request added is taken back: a refused request is not counted at all.
     */
    const count = async (reply: FastifyReply, budgets: Budget[]): Promise<Refund> => {
      const counted: string[] = [];
      const refund = async () => {
        await Promise.all(counted.map((key) => store.refund(key)));
      };
      for (const { key, max } of budgets) {
        const { count: seen, resetInMs } = await store.hit(key, rateLimit.windowMs);
        counted.push(key);
        if (seen > max) {
          await refund();
          throw tooMany(reply, resetInMs);
        }
      }
      return refund;
    };

    // Distinct prefixes: no email or address, however odd, can spell another counter's key.
    const attemptsFrom = (request: FastifyRequest): Budget => ({
      key: `ip:${addressOf(request)}`,
      max: rateLimit.perIp,
    });

    app.decorate('limitSignUp', async (request: FastifyRequest, reply: FastifyReply) => {
      const budgets = [attemptsFrom(request)];
      if (checkSignUp(request.body as SignUpPayload).ok) {
        budgets.push({ key: `email:${emailOf(request)}`, max: rateLimit.perEmail });
      }
      await count(reply, budgets);
    });

    app.decorate('chargeLogin', async (request: FastifyRequest, reply: FastifyReply, deviceId: string | undefined) => {
      const email = emailOf(request);
      const failures: Budget[] =
        deviceId === undefined
          ? [
              { key: `login-failures:from:${addressOf(request)}:${email}`, max: rateLimit.perEmail },
              { key: `login-failures:all:${email}`, max: rateLimit.perEmail * ALL_ADDRESSES_FACTOR },
            ]
          : [{ key: `login-failures:device:${deviceId}:${email}`, max: rateLimit.perEmail }];
      const refundFailures = await count(reply, failures);
      try {
        // Every attempt counts against its address, failed or not; it is never taken back.
        await count(reply, [attemptsFrom(request)]);
      } catch (error) {
        await refundFailures();
        throw error;
      }
      return refundFailures;
    });

    app.decorate('limitWrites', async (request: FastifyRequest, reply: FastifyReply) => {
      await count(reply, [
        { key: `writes:${currentAccount(request).id}`, max: rateLimit.writesPerUser },
        { key: `writes-from:${addressOf(request)}`, max: rateLimit.writesPerIp },
      ]);
    });

    app.decorate('limitQuotes', async (request: FastifyRequest, reply: FastifyReply) => {
      await count(reply, [
        { key: `quotes-from:${addressOf(request)}`, max: rateLimit.quotesPerIp ?? DEFAULT_QUOTES_PER_IP },
      ]);
    });

    app.decorate('limitDocuments', async (request: FastifyRequest, reply: FastifyReply) => {
      await count(reply, [
        {
          key: `documents:${currentAccount(request).id}`,
          max: rateLimit.documentsPerUser ?? DEFAULT_DOCUMENTS_PER_USER,
        },
      ]);
    });
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
