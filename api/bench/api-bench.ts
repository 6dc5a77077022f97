import os from 'node:os';
import { type PostgresDatabase, createPostgresDatabase } from '../src/testing/postgres-database';
import { CONNECTIONS, TABLE_HEADER } from './against-bare';
import type { BenchRow } from './bench-row';
import { type BenchSettings, type RowFailure, SMOKE_REQUESTS, runEachRow } from './each-row';
import { BenchServers, type HostedApi, OPEN_TIMEOUT_MS, type RowData, ask } from './servers';

/** Smoke mode seeds at most this much of a row's data: enough for its requests to find what they look for. */
const SMOKE_RIDERS = 20;
const SMOKE_HISTORY = 2_000;

export interface ApiBenchOptions {
  settings: BenchSettings;
  /** A PostgreSQL server (DATABASE_URL): each row gets a fresh database there, dropped after it. SQLite without. */
  databaseServer?: string;
  /** Node options of the API's process (`--cpu-prof`). */
  apiNodeOptions?: string[];
  write: (text: string) => void;
  writeStack?: (text: string) => void;
}

function dataOf(row: BenchRow, { smoke }: BenchSettings): RowData {
  const riders = row.data?.riders ?? 0;
  const history = row.data?.history ?? 0;
  return {
    riders: smoke ? Math.min(riders, SMOKE_RIDERS) : riders,
    operator: row.data?.operator ?? false,
    history: smoke ? Math.min(history, SMOKE_HISTORY) : history,
  };
}

function preamble({ settings, databaseServer }: ApiBenchOptions): string {
  const rounds = settings.smoke
    ? `smoke: 1 round of ${SMOKE_REQUESTS} requests (whether each row runs: its figures mean nothing)`
    : `${settings.rounds} alternated rounds of ${settings.seconds} s (medians)`;
  const engine = databaseServer === undefined ? 'SQLite' : 'PostgreSQL';
  return (
    `${CONNECTIONS} connections unless named, ${rounds}, latency in ms, cpu: the server's CPU time per answer in µs, ` +
    `${engine} (a fresh database per row), log level ${process.env.BENCH_LOG_LEVEL ?? 'info'}, ` +
    `${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}\n${TABLE_HEADER}\n`
  );
}

/**
 * Runs the rows one after another, each on its own API on a fresh database (an app of the
 * bench's API process, bench/api-host.ts) holding the row's data: no row sees another's. A row
 * that fails stops every server the bench started (the next row starts its own) and is reported;
 * the others still run. Answers the failed rows.
 */
export async function runApiBench(rows: readonly BenchRow[], options: ApiBenchOptions): Promise<RowFailure[]> {
  const { settings } = options;
  const servers = new BenchServers();
  let database: PostgresDatabase | undefined;
  const dropDatabase = async () => {
    const dropping = database;
    database = undefined;
    await dropping?.drop();
  };
  const stopEverything = async () => {
    await servers.stopAll();
    await dropDatabase();
  };
  const onSignal = () => void stopEverything().finally(() => process.exit(130));
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);

  const runRow = async (row: BenchRow): Promise<string> => {
    try {
      if (options.databaseServer !== undefined) {
        database = await createPostgresDatabase(options.databaseServer, 'rentora_bench');
      }
      const { child: apiProcess } = await servers.server('api-host.ts', {
        nodeOptions: ['--expose-gc', ...(options.apiNodeOptions ?? [])],
      });
      const open = { data: dataOf(row, settings), databaseUrl: database?.url };
      const api = await ask<HostedApi>(apiProcess, { open }, 'opened', OPEN_TIMEOUT_MS);
      const line = await row.measure({ api, apiProcess, servers, settings });
      await ask(apiProcess, { close: true }, 'closed');
      await dropDatabase();
      return line;
    } catch (error) {
      await stopEverything();
      throw error;
    }
  };

  options.write(preamble(options));
  try {
    return await runEachRow(rows, runRow, { write: options.write, writeStack: options.writeStack });
  } finally {
    await stopEverything();
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  }
}
