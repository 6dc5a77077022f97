import type { FastifyReply, FastifyRequest } from 'fastify';

export const UNKNOWN_ROUTE = 'There is no such API route.';

/** The answer to any method on a path no route serves: the API's JSON 404. */
export const unknownRoute = (_request: FastifyRequest, reply: FastifyReply) =>
  reply.code(404).send({ message: UNKNOWN_ROUTE });
