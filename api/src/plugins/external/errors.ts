import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { describeDriverError, isDatabaseUnavailable } from '../../db/unavailable';
import { ApiError, busy } from '../../errors';
import { discardBody } from '../../http/discard-body';
import { hiddenCharacterMessage } from '../../http/validation-problem';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The message a request that fails schema validation gets, instead of the validator's wording;
     * or a function that words it from the error (the operator routes name the field at fault).
     */
    validationMessage?: string | ((error: FastifyError) => string);
  }
}

export const INTERNAL_ERROR = 'Something went wrong on our side. Please try again later.';
export const JSON_ONLY = 'Please send the request body as JSON (Content-Type: application/json).';
const DEFAULT_VALIDATION_MESSAGE = 'The request is not valid.';
export const BAD_URL = 'That address is not valid: it has a broken %-escape.';

/**
 * What Fastify answers by itself, before any route or hook (its `frameworkErrors`), in the
 * `{ message }` shape of every other answer: an address that cannot be decoded (`/vehicles/%ff`)
 * is 400, not Fastify's own body with its error code.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { statusCode, message } = frameworkAnswer(error);
  if (statusCode >= 500) request.log.error({ err: error }, 'request failed before routing');
  void reply.code(statusCode).send({ message });
}

function frameworkAnswer(error: FastifyError): { statusCode: number; message: string } {
  if (error.code === 'FST_ERR_BAD_URL') return { statusCode: 400, message: BAD_URL };
  const statusCode = error.statusCode ?? 500;
  return statusCode >= 500 ? { statusCode: 500, message: INTERNAL_ERROR } : { statusCode, message: error.message };
}

/** One error answer everywhere: `{ message }` (and a route's documented details), with 5xx detail logged but never sent. */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.validation !== undefined) {
        const configured = request.routeOptions.config.validationMessage ?? DEFAULT_VALIDATION_MESSAGE;
        const message =
          hiddenCharacterMessage(error) ?? (typeof configured === 'string' ? configured : configured(error));
        return reply.code(400).send({ message });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn(describeDriverError(error), 'database unavailable');
        return sendApiError(reply, busy());
      }
      if (error instanceof ApiError) return sendApiError(reply, error);
      const statusCode = error.statusCode ?? 500;
      if (statusCode >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(500).send({ message: INTERNAL_ERROR });
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(415).send({ message: JSON_ONLY });
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return refuseOversizedBody(request, reply, error.message);
      return reply.code(statusCode).send({ message: error.message });
    });
    /**
     * 413 once the rest of the body is read and thrown away (up to a bound), then the connection
     * is closed: the client, still sending, would otherwise often lose the answer to a reset.
     */
    const refuseOversizedBody = async (request: FastifyRequest, reply: FastifyReply, message: string) => {
      await discardBody(request.raw);
      return reply.code(413).header('connection', 'close').send({ message });
    };
    const sendApiError = (reply: FastifyReply, error: ApiError) => {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send({ message: error.message, ...error.details });
    };
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'errors' },
);
