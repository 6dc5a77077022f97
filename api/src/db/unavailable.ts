/**
 * Driver errors that say "the database cannot answer right now", not "the request is wrong":
 * a dropped or refused connection, an exhausted pool, a statement or lock wait that timed out,
 * a busy SQLite file. The client should retry shortly, so they become 503 with Retry-After.
 */
interface DriverError {
  code?: unknown;
  message?: unknown;
}

// PostgreSQL SQLSTATEs: query_canceled (statement_timeout), lock_not_available (lock_timeout),
// idle_in_transaction_session_timeout, admin_shutdown, crash_shutdown, cannot_connect_now,
// too_many_connections, deadlock/serialization left over after retries; class 08 is connections.
const PG_UNAVAILABLE = new Set(['57014', '55P03', '25P03', '57P01', '57P02', '57P03', '53300', '40P01', '40001']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
// node-postgres raises these, without a code, for a query it did not send.
const PG_NOT_QUERYABLE = [
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];
// node-postgres and pg-pool raise these without a code.
const PG_CLIENT_MESSAGES = ['timeout exceeded when trying to connect', 'Connection terminated', ...PG_NOT_QUERYABLE];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (error instanceof CommitOutcomeUnknown) return true;
  const { code, message } = error as DriverError;
  if (typeof code === 'string') {
    if (PG_UNAVAILABLE.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)) return true;
    if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED') return true;
  }
  return typeof message === 'string' && PG_CLIENT_MESSAGES.some((known) => message.startsWith(known));
}

// What says the connection itself ended (a restart, a failover, pg_terminate_backend), so the same
// statement may succeed on another one. Not timeouts, not a full pool: those would only wait again.
const PG_DROPPED = new Set(['57P01', '57P02', '57P03']);
const SOCKET_DROPPED = new Set(['ECONNRESET', 'EPIPE']);
const PG_DROPPED_MESSAGES = ['Connection terminated', 'Client has encountered a connection error and is not queryable'];

export function isConnectionDrop(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as DriverError;
  if (typeof code === 'string') {
    if (PG_DROPPED.has(code) || code.startsWith('08') || SOCKET_DROPPED.has(code)) return true;
  }
  return (
    typeof message === 'string' &&
    // pg's own connect timeout says "Connection terminated due to connection timeout": a wait, not a drop.
    !message.includes('timeout') &&
    PG_DROPPED_MESSAGES.some((known) => message.startsWith(known))
  );
}

/**
 * pg refuses a query on a connection it already knows has ended without sending it: a COMMIT
 * refused so never reached PostgreSQL, which rolls the transaction back when the connection ends.
 */
export function wasNeverSent(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { message } = error as DriverError;
  return typeof message === 'string' && PG_NOT_QUERYABLE.some((known) => message.startsWith(known));
}

/**
 * The connection dropped while COMMIT was on its way: the transaction may or may not have been
 * committed, so it must not be run again. The client gets 503 and decides (a booking with an
 * Idempotency-Key gets the first answer when it is sent again).
 */
export class CommitOutcomeUnknown extends Error {
  constructor(readonly dropped: unknown) {
    super(`the connection dropped during COMMIT: ${describeDriverError(dropped).message}`);
    this.name = 'CommitOutcomeUnknown';
  }
}

/** Deadlock or serialization failure: the transaction lost a race and may simply be run again. */
export function isTransientConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as DriverError;
  return code === '40P01' || code === '40001';
}

/** What may be logged of a driver error: never the whole object, which can carry the pg client. */
export function describeDriverError(error: unknown): { code?: string; message: string } {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const { code, message } = error as DriverError;
  return { code: typeof code === 'string' ? code : undefined, message: typeof message === 'string' ? message : '' };
}
