import { chmodSync, closeSync, openSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely } from 'kysely';
import pg from 'pg';
import { makePrivateDir } from '../data-dir';
import { type ChangeSignal, sqliteChangeSignal } from './change-signal';
import { ReconnectingPostgresDialect } from './reconnecting-postgres';
import type { Database } from './schema';
import { ImmediateSqliteDialect } from './sqlite-immediate';
import { withStatementCache } from './statement-cache';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** Present where the database can tell synchronously that it changed (SQLite): what read caches rely on. */
  changes?: ChangeSignal;
  /**
   * PostgreSQL: the server processes behind this pool's open connections, so a notification sent
   * by this instance's own commit can be told from another instance's.
   */
  ownBackends?: ReadonlySet<number>;
}

/** The server process behind a connection (pg keeps it from the start-up's BackendKeyData). */
export function backendOf(client: pg.Client | pg.PoolClient): number | undefined {
  return (client as pg.Client & { processID?: number | null }).processID ?? undefined;
}

export const SQLITE_FILE_NAME = 'rentora.sqlite';

const PG_DATE = 1082;
const PG_TIMESTAMP = 1114;
const PG_TIMESTAMPTZ = 1184;
const PG_INT8 = 20;

// Calendar dates stay `YYYY-MM-DD` strings end to end; a JS Date would shift them by time zone.
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === PG_DATE || oid === PG_TIMESTAMP || oid === PG_TIMESTAMPTZ) return (value: string) => value;
    if (oid === PG_INT8) return (value: string) => Number(value);
    return format === 'binary'
      ? (pg.types.getTypeParser(oid, 'binary') as (value: Buffer) => unknown)
      : (pg.types.getTypeParser(oid, 'text') as (value: string) => unknown);
  }) as typeof pg.types.getTypeParser,
};

/** Every wait on PostgreSQL has an end, so a stuck database turns into a 503 instead of a hung request. */
export interface DatabaseLimits {
  poolSize: number;
  /** Longest wait for a free pooled connection (or a new one). */
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
}

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = {
  poolSize: 10,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 10_000,
  lockTimeoutMs: 5_000,
  idleInTransactionTimeoutMs: 15_000,
};

export interface OpenOptions {
  dataDir: string;
  databaseUrl?: string;
  limits?: DatabaseLimits;
  /**
   * A PostgreSQL connection failed (dropped by a restart or failover). pg-pool listens for
   * 'error' only on idle clients and removes that listener on checkout, so a client dropped
   * mid-query emitted an unhandled 'error' and ended the process; this listener covers every
   * client for its whole life. The query in flight still fails on its own and gets its answer.
   */
  onConnectionError: (error: Error) => void;
}

export function openDatabase(options: OpenOptions): DatabaseHandle {
  const limits = options.limits ?? DEFAULT_DATABASE_LIMITS;
  if (options.databaseUrl !== undefined) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: limits.poolSize,
      connectionTimeoutMillis: limits.connectTimeoutMs,
      options: [
        `-c statement_timeout=${limits.statementTimeoutMs}`,
        `-c lock_timeout=${limits.lockTimeoutMs}`,
        `-c idle_in_transaction_session_timeout=${limits.idleInTransactionTimeoutMs}`,
      ].join(' '),
      types: pgTypes,
    });
    const ownBackends = new Set<number>();
    pool.on('error', options.onConnectionError);
    pool.on('connect', (client) => {
      client.on('error', options.onConnectionError);
      const backend = backendOf(client);
      if (backend !== undefined) ownBackends.add(backend);
    });
    pool.on('remove', (client) => {
      const backend = backendOf(client);
      if (backend !== undefined) ownBackends.delete(backend);
    });
    return {
      db: new Kysely<Database>({ dialect: new ReconnectingPostgresDialect({ pool }, limits.poolSize) }),
      engine: 'postgres',
      ownBackends,
    };
  }
  makePrivateDir(options.dataDir);
  const fileName = path.join(options.dataDir, SQLITE_FILE_NAME);
  // Owner-only from the first byte (and from now on for a file made by an older version);
  // SQLite gives the -wal and -shm files the database file's mode.
  closeSync(openSync(fileName, 'a', 0o600));
  chmodSync(fileName, 0o600);
  const file = new SqliteDatabase(fileName);
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  // A writer waits this long for another process's write lock, then fails SQLITE_BUSY (a 503).
  file.pragma(`busy_timeout = ${limits.lockTimeoutMs}`);
  const changes = sqliteChangeSignal(file);
  return {
    db: new Kysely<Database>({
      dialect: new ImmediateSqliteDialect({ database: withStatementCache(file, changes.noteWrite) }),
    }),
    engine: 'sqlite',
    changes,
  };
}
