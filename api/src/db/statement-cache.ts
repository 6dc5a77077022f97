import type { Database as SqliteFile, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

const MAX_STATEMENTS = 256;

/**
 * Kysely prepares every query anew; SQLite's prepare is the biggest cost of a small query, and
 * the app sends the same few SQL texts over and over, so keep their prepared statements.
 */
export function withStatementCache(file: SqliteFile): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => file.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (statement === undefined) {
        // Queries with varying shapes (e.g. multi-row inserts) must not grow the cache without bound.
        if (statements.size >= MAX_STATEMENTS) statements.clear();
        statement = file.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
