import type { IncomingMessage } from 'node:http';

/** How much of a refused body is read and thrown away before the answer goes out anyway. */
export const DISCARD_LIMIT_BYTES = 10 * 1024 * 1024;

/**
 * Reads what is left of a request's body and throws it away, until it ends, the connection
 * closes, or `limitBytes` more have come. A server that answers and closes while the client is
 * still sending resets the connection, and the client often loses the answer with it (`EPIPE`);
 * once the body is in, the answer reaches it. Past the limit the caller answers and closes anyway.
 */
export function discardBody(request: IncomingMessage, limitBytes = DISCARD_LIMIT_BYTES): Promise<void> {
  if (request.readableEnded || request.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let discarded = 0;
    const finish = () => {
      request.off('data', onData);
      request.off('end', finish);
      request.off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > limitBytes) {
        request.pause();
        finish();
      }
    };
    request.on('data', onData);
    request.once('end', finish);
    request.once('close', finish);
    // Kept after the end: a connection reset later must not be an unhandled 'error'.
    request.once('error', finish);
    request.resume();
  });
}
