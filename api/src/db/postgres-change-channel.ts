import pg from 'pg';

/** The LISTEN/NOTIFY channel every API instance on one PostgreSQL database shares. */
export const VEHICLE_CHANGES_CHANNEL = 'rentora_vehicle_changes';

export interface ChangeChannelOptions {
  connectionString: string;
  /** A commit through one of these server processes was this instance's own: already heard in memory. */
  ownBackends: ReadonlySet<number>;
  /** Another instance (or anyone else writing to the database) changed this car. */
  onRemoteChange: (vehicleId: string) => void;
  /** The listening connection is back after a loss: changes made meanwhile were not heard. */
  onResumed: () => void;
  onConnectionError: (error: Error) => void;
  connectTimeoutMs: number;
}

export interface ChangeChannel {
  /** True while notifications are being heard: only then may reads be cached by them. */
  listening(): boolean;
  close(): Promise<void>;
}

const FIRST_RETRY_MS = 100;
const LONGEST_RETRY_MS = 5_000;

/**
 * One dedicated connection per instance that LISTENs to the notifications the database's
 * triggers send at each commit that touches a car (migration 2026-11-27T01-00). A notification
 * carries only the car's public id; one sent by this instance's own pool is skipped, since the
 * process heard that change in memory already. A lost connection is opened again with a backoff
 * that doubles up to 5 s.
 */
export async function openChangeChannel(options: ChangeChannelOptions): Promise<ChangeChannel> {
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: options.connectTimeoutMs,
    });
    next.on('error', (error) => {
      options.onConnectionError(error);
      lost(next);
    });
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel !== VEHICLE_CHANGES_CHANNEL || message.payload === undefined) return;
      if (options.ownBackends.has(message.processId)) return;
      options.onRemoteChange(message.payload);
    });
    await next.connect();
    await next.query(`LISTEN ${VEHICLE_CHANGES_CHANNEL}`);
    return next;
  };

  const lost = (which: pg.Client) => {
    if (client !== which) return;
    client = undefined;
    which.end().catch(() => undefined);
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer !== undefined) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        (next) => {
          if (closed) {
            void next.end();
            return;
          }
          client = next;
          retryMs = FIRST_RETRY_MS;
          options.onResumed();
        },
        (error: unknown) => {
          options.onConnectionError(error instanceof Error ? error : new Error(String(error)));
          retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
          scheduleReconnect();
        },
      );
    }, retryMs);
    retryTimer.unref();
  };

  client = await connect();

  return {
    listening: () => client !== undefined,
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
