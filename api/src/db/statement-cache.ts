import type { Database as SqliteFile, Statement } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const MAX_STATEMENTS = 256;

/**
 * Kysely prepares every query anew; SQLite's prepare is the biggest cost of a small query, and
 * the app sends the same few SQL texts over and over, so keep their prepared statements. Every
 * statement that may change the database (`readonly` false, including INSERT … RETURNING) calls
 * `onWrite` once it has run, which is what keeps the read caches exact.
 */
export function withStatementCache(file: SqliteFile, onWrite: () => void): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => file.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (statement === undefined) {
        // Queries with varying shapes (e.g. multi-row inserts) must not grow the cache without bound.
        if (statements.size >= MAX_STATEMENTS) statements.clear();
        const prepared = file.prepare(sql);
        statement = prepared.readonly ? prepared : noticingWrites(prepared, onWrite);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

function noticingWrites(statement: Statement, onWrite: () => void): SqliteStatement {
  const noting =
    <A extends unknown[], R>(run: (...args: A) => R) =>
    (...args: A): R => {
      try {
        return run(...args);
      } finally {
        onWrite();
      }
    };
  return {
    reader: statement.reader,
    all: noting((parameters: readonly unknown[]) => statement.all(parameters)),
    run: noting((parameters: readonly unknown[]) => statement.run(parameters)),
    iterate: noting((parameters: readonly unknown[]) => statement.iterate(parameters)),
  };
}
