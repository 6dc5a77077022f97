import { readFileSync } from 'node:fs';
import os from 'node:os';
import {
  type BenchSettings,
  SMOKE_REQUESTS,
  answerCount,
  benchSettings,
  failureCount,
  roundLength,
  runEachRow,
} from '@rentora/api/bench/each-row';
import { type PostgresDatabase, createPostgresDatabase } from '@rentora/api/testing/postgres-database';
import autocannon, { type Result } from 'autocannon';
import { buildStale } from '../launch/build';
import { measuredPages } from './pages';
import { STORM_TARGET_MS, pdfStorm } from './pdf-storm';
import { type LocalSite, startLocalSite } from '../launch/local-site';

/**
 * The pages rows of `npm run bench`: the host's pages as `npm start` serves them (the production
 * builds, the API in the same process, on a fresh database), asked for by autocannon as a browser
 * asks (Brotli), with the server's CPU time per page. A page is written from the host's shell, the
 * remotes' live page tables and first paints, and the page's data: this measures that whole path, warm.
 * - BENCH_SECONDS, BENCH_ROUNDS and `--smoke` as for the API's rows (api/bench/run.ts; BENCH_ONLY
 *   picks among those alone); the pages are the public pages of the built tables (`measuredPages`),
 *   and BENCH_PAGES=/a,/b picks others.
 * - BENCH_PORT_BASE: the site's port (default 4900), the remotes' on the ports after it.
 * - DATABASE_URL: the site runs on a fresh PostgreSQL database created on that server, dropped after.
 * The pages only read, so they share one site; a page that fails (anything but a 2xx first, or in
 * smoke mode any error answer) is reported and stops the site, and the next page starts its own;
 * the run then exits 1. `npm test` runs the smoke mode once the builds exist.
 * Each row shows the target, a p99 under 20 ms at 20 connections, met (`p99<20`) or missed
 * (`p99≥20`): figures to read, not a gate, so a miss never fails the run. The last row reads the
 * car page while one customer asks for an invoice's PDF 300 times at once (pdf-storm.ts), against
 * a p99 under 250 ms.
 */
const CONNECTIONS = 20;
/** The pages' target: p99 under this many ms at CONNECTIONS connections. */
const MAX_P99_MS = 20;
const BASE_PORT = Number(process.env.BENCH_PORT_BASE ?? 4900);
const BROTLI = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'text/html' };

interface PageRow {
  name: string;
  page: string;
  /** The page read while one customer asks for an invoice's PDF hundreds of times at once (pdf-storm.ts). */
  storm?: boolean;
}

/** A process's CPU time (user + system) in µs, from /proc: the site runs in a child process. */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1_000_000) / 100;
}

/** The target as the API's rows write theirs (api/bench/against-bare.ts): `p99<20` met, `p99≥20` missed. */
const targetText = (p99: number) => `p99${p99 < MAX_P99_MS ? '<' : '≥'}${MAX_P99_MS}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
async function measurePage(
  site: LocalSite,
  page: string,
  settings: BenchSettings,
): Promise<{ line: string; p99: number }> {
  const url = `${site.baseUrl}${page}`;
  // Warm: the first request reads the remotes' files and the page's data.
  const warm = await fetch(url, { headers: BROTLI });
  if (!warm.ok) throw new Error(`GET ${page} answered ${warm.status}`);
  const rounds: { result: Result; cpu: number }[] = [];
  for (let round = 0; round < settings.rounds; round += 1) {
    const before = cpuMicros(site.pid);
    const result = await autocannon({ url, connections: CONNECTIONS, ...roundLength(settings), headers: BROTLI });
    rounds.push({ result, cpu: (cpuMicros(site.pid) - before) / Math.max(1, answerCount(result)) });
  }
  const failed = rounds.reduce((sum, { result }) => sum + failureCount(result, '400'), 0);
  if (settings.smoke && failed > 0) throw new Error(`${failed} answers to GET ${page} were errors`);
  const pick = (get: (round: (typeof rounds)[number]) => number) => median(rounds.map(get));
  const p99 = pick(({ result }) => result.latency.p99);
  const line = [
    `GET ${page} (br)`.padEnd(42),
    `${Math.round(pick(({ result }) => result.requests.average))}`.padStart(7),
    `${pick(({ result }) => result.latency.p50)}`.padStart(5),
    `${p99}`.padStart(5),
    `${Math.round(pick(({ cpu }) => cpu))}`.padStart(6),
    `${failed}`.padStart(5),
    targetText(p99).padStart(7),
  ].join(' ');
  return { line, p99 };
}

async function bench(): Promise<number> {
  const settings = benchSettings();
  const databaseServer = process.env.DATABASE_URL || undefined;
  await buildStale();
  const pages = process.env.BENCH_PAGES?.split(',') ?? measuredPages();
  const carPage = pages.find((page) => page.startsWith('/vehicles/'));
  const rows = [
    ...pages.map((page): PageRow => ({ name: `GET ${page} (br)`, page })),
    ...(carPage === undefined ? [] : [{ name: `GET ${carPage} during invoice PDFs`, page: carPage, storm: true }]),
  ];
  let site: LocalSite | undefined;
  let database: PostgresDatabase | undefined;
  const stopSite = async () => {
    site?.stop();
    site = undefined;
    const dropping = database;
    database = undefined;
    await dropping?.drop();
  };
  const startSite = async (): Promise<LocalSite> => {
    if (databaseServer !== undefined) database = await createPostgresDatabase(databaseServer, 'rentora_bench');
    return startLocalSite(BASE_PORT, { databaseUrl: database?.url });
  };
  const onSignal = () => void stopSite().finally(() => process.exit(130));
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);

  const length = settings.smoke
    ? `smoke: 1 round of ${SMOKE_REQUESTS} requests (whether each page runs: its figures mean nothing)`
    : `${settings.rounds} rounds of ${settings.seconds} s (medians)`;
  process.stdout.write(
    `Pages: ${CONNECTIONS} connections, ${length}, latency in ms, ` +
      `cpu: the site server's CPU time per page in µs, ${databaseServer === undefined ? 'SQLite' : 'PostgreSQL'}, ` +
      `${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}\n` +
      `${'page'.padEnd(42)}   req/s   p50   p99    cpu  errs  target\n`,
  );
  let misses = 0;
  try {
    const failed = await runEachRow(
      rows,
      async ({ page, storm }) => {
        site ??= await startSite();
        if (storm === true) {
          const { line, p99 } = await pdfStorm(site, page, settings);
          if (!(p99 < STORM_TARGET_MS) && !settings.smoke) misses += 1;
          return line;
        }
        const { line, p99 } = await measurePage(site, page, settings);
        if (!(p99 < MAX_P99_MS)) misses += 1;
        return line;
      },
      { write: (text) => process.stdout.write(text), afterFailure: stopSite },
    );
    if (misses > 0 && !settings.smoke)
      process.stdout.write(`${misses} of ${rows.length} rows miss their p99 target (figures, not a gate)\n`);
    return failed.length;
  } finally {
    await stopSite();
  }
}

bench().then(
  (failed) => {
    process.exitCode = failed > 0 ? 1 : 0;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
