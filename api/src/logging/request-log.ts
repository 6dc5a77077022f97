import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream } from 'pino';

/**
 * One info line per answered request, with its request id, instead of Fastify's two (an
 * `incoming request` line and a `request completed` line, each running a serialiser of the
 * request or reply through the redaction): at info, the production level, those two lines cost
 * about as much as answering a cached read. Errors keep Fastify's full line.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    // Through the server's logger, naming the request itself: the request's own logger would have
    // to make its pino child first (`request-logger.ts`). A route's own log level or serialisers
    // would not apply to this line; no route has any.
    request.server.log.info(
      {
        [this.requestIdLogLabel]: request.id,
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  }
}

/**
 * Where the API logs: stdout, written asynchronously. pino's default writes every line with its
 * own blocking write(2), which under load cost a tenth of the API's CPU; asynchronously, lines
 * written while a write is in flight go out together in the next one, and an idle server still
 * writes each line at once. pino flushes what is left when the process exits.
 */
export function logDestination(): DestinationStream {
  return pino.destination({ dest: 1, sync: false });
}
