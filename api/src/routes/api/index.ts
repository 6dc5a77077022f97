import type { FastifyPluginAsync } from 'fastify';
import securityHeaders from '../../plugins/external/security-headers';
import bookRide from './book-ride';
import cancelRide from './cancel-ride';
import health from './health';
import openapi from './openapi';
import user from './user';
import vehicles from './vehicles';

export const UNKNOWN_ROUTE = 'There is no such API route.';

/** Everything under /api. Security headers are scoped here: the site served beside it sets its own policy. */
const api: FastifyPluginAsync = async (app) => {
  await app.register(securityHeaders, {
    helmet: {
      contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      xFrameOptions: { action: 'deny' },
    },
  });
  await app.register(health);
  await app.register(openapi);
  await app.register(vehicles, { prefix: '/vehicles' });
  await app.register(user, { prefix: '/user' });
  await app.register(bookRide, { prefix: '/book-ride' });
  await app.register(cancelRide, { prefix: '/cancel-ride' });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: UNKNOWN_ROUTE }));
};

export default api;
