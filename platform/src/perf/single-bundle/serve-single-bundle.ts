import { request as httpRequest, type IncomingMessage } from 'node:http';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { fileHeaders } from '../../site/site-headers';
import { registerStaticSite } from '../../site/static-site';
import { singleBundleDir } from './build-single-bundle';

/** The API's own bound; a live stream (`/api/events`) sends a heartbeat every 25 s, so only a silent API is given up. */
const API_WAIT_MS = 30_000;

/**
 * Passes a request on to the composed site's API as it came (its body, its headers, its
 * encodings), and its answer back byte for byte: the reference reads the very API, data and
 * compression the composed site's pages read, at its own origin.
 */
function forwardToApi(api: URL) {
  return (request: FastifyRequest, reply: FastifyReply) =>
    new Promise<void>((resolve) => {
      const upstream = httpRequest(
        {
          host: api.hostname,
          port: api.port,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, host: api.host },
          timeout: API_WAIT_MS,
        },
        (answer: IncomingMessage) => {
          void reply
            .code(answer.statusCode ?? 502)
            .headers(answer.headers)
            .send(answer);
          resolve();
        },
      );
      upstream.on('timeout', () => upstream.destroy(new Error('The API did not answer in time.')));
      upstream.on('error', () => {
        if (!reply.sent) void reply.code(502).send({ message: 'The API could not be reached.' });
        resolve();
      });
      request.raw.pipe(upstream);
    });
}

/**
 * `serve-single-bundle.ts <port> <api origin>`: the single-bundle reference from
 * `platform/dist/single-bundle`, by a plain static server (every path that is not a file is
 * `index.html`; each file Brotli-compressed at build, as Rentora's are), with `/api` passed on to
 * the composed site's API. `npm run perf` starts it beside the composed site.
 */
async function serveSingleBundle(port: number, apiOrigin: string): Promise<void> {
  const app = Fastify();
  // Bodies travel to the API unread.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  app.all('/api/*', forwardToApi(new URL(apiOrigin)));
  await registerStaticSite(app, {
    root: singleBundleDir(),
    spaFallback: true,
    fileHeaders: fileHeaders('same-origin'),
  });
  await app.listen({ port, host: 'localhost' });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

const [port, apiOrigin] = process.argv.slice(2);
if (!port || !apiOrigin) throw new Error('serve-single-bundle.ts <port> <api origin>');
serveSingleBundle(Number(port), apiOrigin).catch((error: unknown) => {
  process.stderr.write(`The single-bundle reference could not start: ${String(error)}\n`);
  process.exit(1);
});
