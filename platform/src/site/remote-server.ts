import Fastify, { type FastifyInstance } from 'fastify';
import { fileHeaders } from './site-headers';
import { registerStaticSite } from './static-site';

/** A remote's own origin: its built files, readable by the host's page. */
export async function startRemoteServer(options: {
  root: string;
  port: number;
  host: string;
  corsOrigins: readonly string[];
}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await registerStaticSite(app, {
    root: options.root,
    corsOrigins: options.corsOrigins,
    headers: fileHeaders('cross-origin'),
    fileHeaders: fileHeaders('cross-origin'),
  });
  await app.listen({ port: options.port, host: options.host });
  return app;
}
