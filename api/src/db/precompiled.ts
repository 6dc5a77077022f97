import type { Compilable, CompiledQuery } from 'kysely';
import type { Executor } from '../repositories/executor';

/** Stands in a query, while it is compiled, for the argument at `index` of each later call. */
class Argument {
  constructor(readonly index: number) {}
}

/**
 * A hot read built and compiled once per database, then run with each call's arguments put in
 * place of its placeholders: building and compiling a Kysely query on every request cost more
 * than SQLite's own work for these small reads. It is kept per dialect adapter, which a database
 * shares with each of its transactions, so a query run in a transaction (a booking's checks) is
 * compiled once too, not once per transaction. `build` receives placeholders, not values, so it
 * may only pass its arguments into the query as values (never branch on them), and must declare
 * them all (no defaults or rest parameters: its `length` is the number of arguments).
 */
export function precompiled<A extends unknown[], R>(
  build: (db: Executor, ...args: A) => Compilable<R>,
): (db: Executor, ...args: A) => Promise<R[]> {
  const arity = build.length - 1;
  const compiledFor = new WeakMap<object, CompiledQuery<R>>();

  const compile = (db: Executor): CompiledQuery<R> => {
    const placeholders = Array.from({ length: arity }, (_, index) => new Argument(index));
    const compiled = build(db, ...(placeholders as unknown as A)).compile();
    const used = new Set(compiled.parameters.filter((value) => value instanceof Argument));
    if (used.size !== arity) throw new Error(`a precompiled query uses ${used.size} of its ${arity} arguments`);
    compiledFor.set(db.getExecutor().adapter, compiled);
    return compiled;
  };

  return async (db, ...args) => {
    const compiled = compiledFor.get(db.getExecutor().adapter) ?? compile(db);
    const parameters = compiled.parameters.map((value) => (value instanceof Argument ? args[value.index] : value));
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}
