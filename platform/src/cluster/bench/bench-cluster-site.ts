import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@rentora/api/app';
import { seedRiders } from '@rentora/api/bench/seed-riders';
import { loadConfig } from '@rentora/api/config';
import { createPostgresDatabase } from '@rentora/api/testing/postgres-database';
import type { Vehicle } from '@rentora/shared';
import { type Cluster, startCluster } from '../cluster';
import { clusterSettings } from '../cluster-settings';

/** What every check of the cluster's bench is given: where to make databases, Redis, ports, lengths. */
export interface BenchEnv {
  /** A PostgreSQL server: each cluster gets a fresh database on it, dropped after. */
  databaseServer: string;
  redisUrl?: string;
  /** HAProxy's port; the remotes on the four after it, the instances from PORT + 10. */
  port: number;
  /** Seconds of each throughput round. */
  seconds: number;
  /** Seconds of the load during the rolling restart, and during the kill -9. */
  restartSeconds: number;
  killSeconds: number;
  /** Live streams in the check at scale. */
  streams: number;
  /** Live streams listening during the restart and the kill. */
  watchers: number;
}

export interface BenchSite {
  url: string;
  cluster: Cluster;
  /** Tokens of the seeded riders. */
  riders: string[];
  /** Cars in service. */
  cars: string[];
}

const JWT_SECRET = 'the-cluster-bench-secret-for-its-own-databases';
/** One address sends the whole load: the per-address limits would refuse most of it. */
const UNLIMITED = '1000000';

/** A process's resident memory (bytes), from /proc. */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kib ?? 0) * 1024;
}

/**
 * Runs `work` against a cluster of `instances` on a fresh database with `riders` seeded riders,
 * set up as `npm run start:cluster` sets it up, then stops it and drops the database.
 */
export async function withCluster<T>(
  env: BenchEnv,
  options: { instances: number; riders: number; env?: NodeJS.ProcessEnv; maxconn?: number },
  work: (site: BenchSite) => Promise<T>,
): Promise<T> {
  const database = await createPostgresDatabase(env.databaseServer, 'rentora_cluster_bench');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rentora-cluster-bench-'));
  const runDir = mkdtempSync(path.join(tmpdir(), 'rentora-cluster-bench-run-'));
  let cluster: Cluster | undefined;
  try {
    const clusterEnv: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      DATABASE_URL: database.url,
      JWT_SECRET,
      DATA_DIR: dataDir,
      ...(env.redisUrl === undefined ? {} : { REDIS_URL: env.redisUrl }),
      INSTANCES: String(options.instances),
      PORT: String(env.port),
      ...Object.fromEntries(
        ['CATALOG', 'BOOKING', 'ACCOUNT', 'OPERATOR'].map((name, index) => [
          `${name}_PORT`,
          String(env.port + 1 + index),
        ]),
      ),
      RATE_LIMIT_WRITES_PER_IP: UNLIMITED,
      RATE_LIMIT_WRITES_PER_USER: UNLIMITED,
      EVENTS_PER_IP: UNLIMITED,
      // Production's level: logging is part of what an answer costs.
      LOG_LEVEL: 'info',
      ...options.env,
    };
    const seeding = await buildApp(loadConfig({ ...clusterEnv, LOG_LEVEL: 'silent' }));
    let riders: string[];
    try {
      const hash = await seeding.passwords.hash('a rider password');
      riders = (await seedRiders(seeding, options.riders, hash, 'cluster-bench')).map(({ token }) => token);
    } finally {
      await seeding.close();
    }
    const settings = clusterSettings(clusterEnv);
    // The instances' logs are their own business here; the cluster's own lines go to stderr.
    cluster = await startCluster({
      ...settings,
      maxconn: options.maxconn,
      runDir,
      log: (who, line) => {
        if (who === 'cluster' || who === 'haproxy') process.stderr.write(`  [${who}] ${line}\n`);
      },
    });
    const url = `http://127.0.0.1:${env.port}`;
    const fleet = (await (await fetch(`${url}/api/vehicles`)).json()) as Vehicle[];
    return await work({ url, cluster, riders, cars: fleet.filter((car) => car.availability).map((car) => car._id) });
  } finally {
    await cluster?.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(runDir, { recursive: true, force: true });
  }
}
