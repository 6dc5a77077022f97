import Fastify, { type FastifyInstance } from 'fastify';
import { remoteFileHeaders } from './site-headers';
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
    headers: remoteFileHeaders(),
  });
  await app.listen({ port: options.port, host: options.host });
  return app;
}
