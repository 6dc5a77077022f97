import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { messageSchema } from '../../schemas';

export const NOT_READY = 'The database is not reachable.';

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
        summary: 'The database answers',
        response: { 200: messageSchema, 503: messageSchema },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { message: 'ready' };
      } catch (error) {
        request.log.error({ err: error }, 'readiness check failed');
        return reply.code(503).send({ message: NOT_READY });
      }
    },
  );
};

export default health;
