import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers, worked out once. @fastify/helmet rebuilds helmet for every request, which
 * cost a third of the throughput of a cached answer; with no CSP nonces the headers never
 * depend on the request, so helmet runs once against a recorder and its output is reused.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error instanceof Error) throw error;
    if (error !== undefined) throw new Error('helmet failed', { cause: error });
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

export interface SecurityHeadersOptions {
  helmet: Readonly<HelmetOptions>;
  /** Set on every answer beside helmet's, e.g. a default Cache-Control; a route may override them. */
  also?: Readonly<Record<string, string>>;
}

export default fp<SecurityHeadersOptions>(
  async (app, options) => {
    const headers = { ...helmetHeaders(options.helmet), ...options.also };
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
