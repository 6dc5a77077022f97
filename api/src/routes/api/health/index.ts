import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { describeDriverError } from '../../../db/unavailable';
import { messageSchema } from '@rentora/shared/schemas';

export const NOT_READY = 'The database is not reachable.';
export const SHUTTING_DOWN = 'This instance is shutting down.';
/** A load balancer's probe gets its answer within a second, even when the pool is exhausted. */
const READY_DEADLINE_MS = 900;

function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const health: FastifyPluginAsync = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['operations'], summary: 'The process is up', response: { 200: messageSchema } } },
    async () => ({ message: 'ok' }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'The instance takes requests: it is not shutting down and its database answers',
        response: { 200: messageSchema, 503: messageSchema },
      },
    },
    async (request, reply) => {
      app.readiness.probed();
      // Shutting down: the balancer is told at once, before anything else is asked.
      if (app.readiness.draining()) return reply.code(503).send({ message: SHUTTING_DOWN });
      try {
        await withinDeadline(sql`select 1`.execute(app.db), READY_DEADLINE_MS);
        return { message: 'ready' };
      } catch (error) {
        request.log.error(describeDriverError(error), 'readiness check failed');
        return reply.code(503).send({ message: NOT_READY });
      }
    },
  );
};

export default health;
