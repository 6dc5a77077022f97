import fp from 'fastify-plugin';

/** The readiness probe's path: a load balancer asks it, and it never counts as the balancer's traffic. */
export const READY_PATH = '/api/ready';

/**
 * A balancer's later requests may still be on their way once it has been told: it has left when
 * nothing but probes has come for this long after being told.
 */
const QUIET_MS = 1_000;
/** A probe within this long before the shutdown means something routes by readiness, so it must be told. */
const PROBED_RECENTLY_MS = 10_000;
const POLL_MS = 50;

/**
 * Whether this instance wants requests, and the first step of a graceful shutdown
 * (docs/decisions/0028-rolling-restarts.md): once `leave` is called, `GET /api/ready` answers 503
 * at once, and `leave` resolves when the load balancers have stopped sending requests here.
 */
export interface Readiness {
  /** True from `leave` on: the readiness probe answers 503. */
  draining(): boolean;
  /**
   * Turns readiness off, then waits until a balancer that probes readiness has been told (a probe
   * answered 503) and nothing but probes has come for a second since, or until nothing has come
   * for a second when no one probed in the ten seconds before; at most `maxWaitMs`.
   */
  leave(maxWaitMs: number): Promise<void>;
  /** The probe's route reports each answer it gives. */
  probed(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

export default fp(
  async (app) => {
    const now = () => performance.now();
    let lastRequestAt = Number.NEGATIVE_INFINITY;
    let lastProbeAt = Number.NEGATIVE_INFINITY;
    let leavingSince: number | undefined;
    let toldAt: number | undefined;

    app.addHook('onRequest', async (request) => {
      if (request.url !== READY_PATH) lastRequestAt = now();
    });
    // Shutting down, every answer closes its connection: a connection kept alive would keep the
    // process waiting for its client, and a balancer's next request opens a new one, which the
    // balancer retries elsewhere once this instance no longer listens.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', async (_request, reply) => {
      if (leavingSince !== undefined || closing) reply.header('connection', 'close');
    });
    // The server reaps only the connections idle when it closes: one whose answer was already on
    // its way then would stay open until its keep-alive timeout (72 s), and the close with it.
    app.addHook('onResponse', async () => {
      if (closing) app.server.closeIdleConnections();
    });

    const leave = async (maxWaitMs: number) => {
      const startedAt = now();
      const probesHere = startedAt - lastProbeAt < PROBED_RECENTLY_MS;
      leavingSince = startedAt;
      if (!probesHere) toldAt = startedAt;
      const deadline = startedAt + maxWaitMs;
      for (;;) {
        const time = now();
        if (time >= deadline) return;
        if (toldAt !== undefined && time - Math.max(lastRequestAt, toldAt) >= QUIET_MS) return;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    };

    app.decorate('readiness', {
      draining: () => leavingSince !== undefined,
      leave,
      probed: () => {
        lastProbeAt = now();
        if (leavingSince !== undefined) toldAt ??= lastProbeAt;
      },
    });
  },
  { name: 'readiness' },
);
