import { runApiBench } from './api-bench';
import { API_ROWS } from './api-rows';
import { benchSettings, chooseRows } from './each-row';

/**
 * `npm run bench -w api`: the API's rows (bench/api-rows.ts, where a row is added), each against a
 * bare node:http server answering the same bytes, then the live availability fan-out. Each row
 * runs on its own API on a fresh database (bench/api-bench.ts), in a process of its own, so the
 * load generator never shares its event loop; the order and the choice of rows change nothing.
 * A row that fails is reported with why, the others still run, and the run exits 1.
 *
 * - BENCH_SECONDS (6) and BENCH_ROUNDS (3): each round's load and the alternated rounds per row.
 * - BENCH_ONLY=<regular expression>: only the rows whose name it matches (`BENCH_ONLY='vehicles$'`;
 *   `fan-out` names the live availability row).
 * - `--smoke` (or BENCH_SMOKE=1): one short round per row on little data: whether each row runs.
 * - DATABASE_URL=postgres://…: on PostgreSQL, a fresh database per row created on that server and
 *   dropped after the row (the database the URL names is only connected to; the role needs CREATEDB).
 * - BENCH_LOG_LEVEL=warn: the API logs at info, the production default, into a discarded stdout;
 *   warn shows what logging costs (no line is written for an answered request).
 * - BENCH_CPU_PROF=<dir>: a V8 CPU profile of the API's process there (with BENCH_ONLY, of one row).
 */
async function main(): Promise<void> {
  const profileDir = process.env.BENCH_CPU_PROF;
  const failures = await runApiBench(chooseRows(API_ROWS), {
    settings: benchSettings(),
    databaseServer: process.env.DATABASE_URL || undefined,
    apiNodeOptions: profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
    write: (text) => process.stdout.write(text),
  });
  process.exitCode = failures.length > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
