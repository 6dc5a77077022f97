import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { AppConfig } from './config';

/** Builds the API and listens; the launcher calls this too. */
export async function startApi(config: AppConfig): Promise<FastifyInstance> {
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  return app;
}

/** Of the shutdown's bound, the longest share spent waiting for the load balancers to leave. */
const LEAVE_SHARE = 0.5;

export interface ShutdownOptions {
  /** Everything the process may take after the signal; past it the process exits 1 anyway. */
  deadlineMs: number;
  /** Closed after the app (the site's other servers). */
  alsoClose?: () => Promise<unknown>;
  /** What the process says as it starts to stop, beside its log. */
  announce?: (signal: NodeJS.Signals) => void;
}

/**
 * A graceful shutdown (docs/decisions/0028-rolling-restarts.md). On SIGTERM, from an orchestrator or
 * `npm run restart:cluster`: `GET /api/ready` answers 503 at once, and the process keeps serving
 * until the load balancers have stopped sending requests here (the probe answered 503, then a
 * quiet second; at most half the bound). Then the live streams end with a `retry:` hint, the
 * server stops listening, what is in flight finishes, the database closes and the process exits 0.
 * On SIGINT (Ctrl-C at a terminal) it does not wait for balancers. A request stuck past
 * `deadlineMs` (a client sending its body slowly, a hung query) must not keep the process alive,
 * so the process exits 1 then; a second signal exits 1 at once.
 */
export function closeOnSignals(app: FastifyInstance, { deadlineMs, alsoClose, announce }: ShutdownOptions): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down');
    announce?.(signal);
    setTimeout(() => {
      app.log.error({ deadlineMs }, 'shutdown deadline passed with requests still open; exiting');
      process.exit(1);
    }, deadlineMs);
    const leaving = signal === 'SIGTERM' ? app.readiness.leave(deadlineMs * LEAVE_SHARE) : Promise.resolve();
    leaving
      .then(() => app.close())
      .then(() => alsoClose?.())
      .then(
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
