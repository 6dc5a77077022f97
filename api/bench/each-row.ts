/**
 * What the API's bench (bench/run.ts) and the pages' bench (platform/src/perf/bench-pages.ts)
 * share: their settings, the choice of rows, reading autocannon's answers, and running the rows
 * one after another so that a row that throws is reported and the rows after it still run.
 */
import type { Result } from 'autocannon';

export interface BenchSettings {
  /** One short round per row, for `npm test`: whether each row runs, never how fast. */
  smoke: boolean;
  /** Alternated rounds per row; the medians are printed. */
  rounds: number;
  /** Seconds of load per round (smoke: SMOKE_REQUESTS requests instead). */
  seconds: number;
}

/** A smoke round's length: enough requests for every connection to send a few. */
export const SMOKE_REQUESTS = 100;

/**
 * From the environment and the command line: BENCH_SECONDS (default 6), BENCH_ROUNDS (default 3),
 * and `--smoke` or BENCH_SMOKE=1 for one short round.
 */
export function benchSettings(env: NodeJS.ProcessEnv = process.env, argv = process.argv): BenchSettings {
  const smoke = argv.includes('--smoke') || env.BENCH_SMOKE === '1';
  const seconds = Number(env.BENCH_SECONDS ?? 6);
  const rounds = smoke ? 1 : Number(env.BENCH_ROUNDS ?? 3);
  if (!(seconds > 0) || !Number.isInteger(rounds) || rounds < 1) {
    throw new Error('BENCH_SECONDS is a number of seconds above 0 and BENCH_ROUNDS a whole number from 1.');
  }
  return { smoke, rounds, seconds };
}

/**
 * How long autocannon loads a round: `duration` seconds, or in smoke mode SMOKE_REQUESTS requests
 * (sampled every 50 ms: at the default 1 s a round never ends sooner).
 */
export function roundLength(settings: BenchSettings): { duration: number } | { amount: number; sampleInt: number } {
  return settings.smoke ? { amount: SMOKE_REQUESTS, sampleInt: 50 } : { duration: settings.seconds };
}

/** A round's answers by status code (autocannon's types leave the counts optional; it always writes them). */
export const answersByStatus = (result: Result): (readonly [status: string, count: number])[] =>
  Object.entries(result.statusCodeStats ?? {}).map(([status, { count = 0 }]) => [status, count] as const);

/** How many answers a round had, whatever their status. */
export const answerCount = (result: Result) => answersByStatus(result).reduce((sum, [, count]) => sum + count, 0);

/** Socket errors, and answers at or above `fromStatus`. */
export const failureCount = (result: Result, fromStatus: '400' | '500') =>
  result.errors + answersByStatus(result).reduce((sum, [status, count]) => sum + (status >= fromStatus ? count : 0), 0);

export interface Row {
  name: string;
}

/** The rows whose name BENCH_ONLY (a regular expression) matches; all of them without it. */
export function chooseRows<R extends Row>(rows: readonly R[], only = process.env.BENCH_ONLY): R[] {
  if (only === undefined || only === '') return [...rows];
  const pattern = new RegExp(only);
  const chosen = rows.filter((row) => pattern.test(row.name));
  if (chosen.length === 0)
    throw new Error(`BENCH_ONLY=${only} names no row of: ${rows.map((row) => row.name).join(', ')}.`);
  return chosen;
}

export interface RowFailure {
  row: string;
  message: string;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs the rows one at a time, writing each one's line as it ends. A row that throws gets a
 * `FAILED: why` line instead (its stack goes to stderr), `afterFailure` runs (to stop what the row
 * had started), and the next row runs all the same. Ends with a line naming the failed rows.
 */
export async function runEachRow<R extends Row>(
  rows: readonly R[],
  run: (row: R) => Promise<string>,
  options: {
    write: (text: string) => void;
    /** Where a failed row's stack goes: stderr unless given. */
    writeStack?: (text: string) => void;
    afterFailure?: () => Promise<void>;
  },
): Promise<RowFailure[]> {
  const failures: RowFailure[] = [];
  for (const row of rows) {
    try {
      options.write(`${await run(row)}\n`);
    } catch (error) {
      failures.push({ row: row.name, message: describe(error) });
      options.write(`${row.name.padEnd(30)} FAILED: ${describe(error)}\n`);
      if (error instanceof Error && error.stack !== undefined) {
        (options.writeStack ?? ((text) => process.stderr.write(text)))(`${row.name}: ${error.stack}\n`);
      }
      await options.afterFailure?.();
    }
  }
  if (failures.length > 0) {
    options.write(`${failures.length} of ${rows.length} rows failed: ${failures.map(({ row }) => row).join(', ')}\n`);
  }
  return failures;
}
