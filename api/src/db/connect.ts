import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { ImmediateSqliteDialect } from './sqlite-immediate';
import { withStatementCache } from './statement-cache';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
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
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  }) as typeof pg.types.getTypeParser,
};

export interface OpenOptions {
  dataDir: string;
  databaseUrl?: string;
  /** A pooled PostgreSQL connection failed while idle; without a listener it would crash the process. */
  onIdleError: (error: Error) => void;
}

export function openDatabase(options: OpenOptions): DatabaseHandle {
  if (options.databaseUrl !== undefined) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, types: pgTypes });
    pool.on('error', options.onIdleError);
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), engine: 'postgres' };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = new SqliteDatabase(path.join(options.dataDir, SQLITE_FILE_NAME));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(file) }) }),
    engine: 'sqlite',
  };
}
