import type { FastifyPluginAsync } from 'fastify';

const openapi: FastifyPluginAsync = async (app) => {
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};

export default openapi;
