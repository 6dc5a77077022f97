import type { Database as SqliteFile } from 'better-sqlite3';

/**
 * A generation number that moves whenever the database's content may have changed, read
 * synchronously: a cache entry made at one generation is exact for as long as the generation
 * stays the same. Only SQLite can offer one (see `sqliteChangeSignal`); on PostgreSQL another
 * instance's commit reaches this process only asynchronously, so nothing is cached there.
 */
export interface ChangeSignal {
  generation(): number;
}

export interface SqliteChangeSignal extends ChangeSignal {
  /** This process wrote through its own connection (SQLite's data_version does not count those). */
  noteWrite: () => void;
}

/**
 * `PRAGMA data_version` changes when any other connection, in this process or another one
 * sharing the file, has committed since the last time this connection asked; writes through
 * this connection are noted by `noteWrite`, at once.
 *
 * Asking starts a read transaction, which under load cost as much as the rest of a cached read,
 * so it is asked once per turn of the event loop: another process's commit is seen from the next
 * turn on. Requests already being handled in the turn it landed in may get the answer from before
 * it, as they would have had they arrived a moment earlier
 * (docs/decisions/0012-reads-cached-until-a-change.md).
 */
export function sqliteChangeSignal(file: SqliteFile): SqliteChangeSignal {
  const dataVersion = file.prepare('PRAGMA data_version').pluck();
  let seenVersion = dataVersion.get();
  let generation = 0;
  let askedThisTurn = false;
  const nextTurn = () => {
    askedThisTurn = false;
  };
  return {
    noteWrite: () => {
      generation += 1;
    },
    generation: () => {
      if (!askedThisTurn) {
        askedThisTurn = true;
        setImmediate(nextTurn);
        const version = dataVersion.get();
        if (version !== seenVersion) {
          seenVersion = version;
          generation += 1;
        }
      }
      return generation;
    },
  };
}
