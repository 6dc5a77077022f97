import { availableParallelism, loadavg } from 'node:os';
import { chooseRows } from '@rentora/api/bench/each-row';
import { buildStale } from '../../launch/build';
import { findHaproxy } from '../cluster-settings';
import type { BenchEnv } from './bench-cluster-site';
import type { ClusterCheck } from './check';
import { killInstanceCheck } from './kill-instance';
import { rateLimitsCheck } from './rate-limits';
import { rollingRestartCheck } from './rolling-restart';
import { streamsAtScaleCheck } from './streams-at-scale';
import { throughputCheck } from './throughput';

const CHECKS: ClusterCheck[] = [
  throughputCheck,
  rollingRestartCheck,
  killInstanceCheck,
  rateLimitsCheck,
  streamsAtScaleCheck,
];

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number from 1.`);
  return value;
}

/**
 * `npm run bench:cluster`: the site as `npm run start:cluster` runs it (production builds, HAProxy in
 * front, PostgreSQL, Redis), measured; each check prints its figures and PASS, or FAIL with every
 * threshold it missed, and the run exits 1 when one failed (README: Scaling out).
 * - DATABASE_URL (else TEST_DATABASE_URL): the PostgreSQL server; each cluster gets a fresh
 *   database there, dropped after (the role needs CREATEDB).
 * - REDIS_URL (else TEST_REDIS_URL): shared rate limits; without it the rate-limit check fails, saying why.
 * - PORT (5200): HAProxy's; the remotes on the four ports after it, the instances from PORT + 10.
 * - BENCH_SECONDS (10) a throughput round; BENCH_RESTART_SECONDS (60) the load around the rolling
 *   restart; BENCH_KILL_SECONDS (40) around the kill -9; BENCH_STREAMS (10000) the streams at scale;
 *   BENCH_WATCHERS (200) the streams open during the restart and the kill.
 * - BENCH_ONLY=<regular expression>: only the checks whose name it matches.
 */
async function main(): Promise<number> {
  const env = process.env;
  const databaseServer = env.DATABASE_URL ?? env.TEST_DATABASE_URL;
  if (!databaseServer) throw new Error('bench:cluster needs a PostgreSQL server: set DATABASE_URL=postgres://….');
  findHaproxy(env);
  const bench: BenchEnv = {
    databaseServer,
    redisUrl: env.REDIS_URL ?? env.TEST_REDIS_URL,
    port: positive(env, 'PORT', 5200),
    seconds: positive(env, 'BENCH_SECONDS', 10),
    restartSeconds: positive(env, 'BENCH_RESTART_SECONDS', 60),
    killSeconds: positive(env, 'BENCH_KILL_SECONDS', 40),
    streams: positive(env, 'BENCH_STREAMS', 10_000),
    watchers: positive(env, 'BENCH_WATCHERS', 200),
  };
  await buildStale();
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(', ');
  process.stdout.write(
    `bench:cluster on ${availableParallelism()} cores, load average (1, 5, 15 min) ${load()}: ` +
      'every process (HAProxy, the instances, PostgreSQL, Redis, this load) shares these cores, so figures move with what else runs.\n',
  );
  const failed: string[] = [];
  for (const check of chooseRows(CHECKS)) {
    process.stdout.write(`\n${check.name}\n`);
    const started = Date.now();
    try {
      const { lines, missed } = await check.run(bench);
      for (const line of lines) process.stdout.write(`${line}\n`);
      const took = `(${((Date.now() - started) / 1000).toFixed(0)} s)`;
      if (missed.length === 0) process.stdout.write(`  PASS ${took}\n`);
      else {
        failed.push(check.name);
        process.stdout.write(`  FAIL ${took}: ${missed.join('; ')}\n`);
      }
    } catch (error) {
      failed.push(check.name);
      process.stdout.write(`  FAIL: could not run: ${error instanceof Error ? error.message : String(error)}\n`);
      if (error instanceof Error && error.stack !== undefined) process.stderr.write(`${error.stack}\n`);
    }
  }
  process.stdout.write(`\nload average at the end: ${load()}\n`);
  process.stdout.write(
    failed.length === 0 ? 'Every check passed.\n' : `${failed.length} checks failed: ${failed.join(', ')}\n`,
  );
  return failed.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
