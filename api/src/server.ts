import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { AppConfig } from './config';

/** Builds the API and listens; the launcher calls this too. */
export async function startApi(config: AppConfig): Promise<FastifyInstance> {
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  return app;
}

/**
 * Stop accepting, let in-flight requests finish, close the database. A request stuck past
 * `deadlineMs` (a client sending its body slowly, a hung query) must not keep the process alive,
 * so the process exits then anyway; a second signal forces exit at once.
 */
export function closeOnSignals(app: FastifyInstance, deadlineMs: number): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error({ deadlineMs }, 'shutdown deadline passed with requests still open; exiting');
      process.exit(1);
    }, deadlineMs);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
