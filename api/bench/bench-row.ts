import type { ChildProcess } from 'node:child_process';
import type { BenchSettings, Row } from './each-row';
import type { BenchServers, HostedApi, RowData } from './servers';

/** What a row gets: its own API on its own fresh database. */
export interface RowContext {
  api: HostedApi;
  /** The API's process: its CPU time and memory (bench/servers.ts: cpuOf, rssOf). */
  apiProcess: ChildProcess;
  /** Servers the row starts here are stopped with the others if it fails. */
  servers: BenchServers;
  settings: BenchSettings;
}

/** One row of the API's bench: bench/api-rows.ts lists them, bench/against-bare.ts makes most. */
export interface BenchRow extends Row {
  /** What the row's fresh database holds besides the fleet (nothing unless given). */
  data?: Partial<RowData>;
  /** Measures, and answers the row's printed line; throws if the row cannot run. */
  measure(context: RowContext): Promise<string>;
}
