import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@rentora/api/config';
import { findRepoRoot } from '../launch/repo';
import { loadSiteConfig } from '../launch/site-config';
import type { ClusterOptions } from './cluster';

/** A cluster that cannot start as configured; the message says why and what to do. */
export class ClusterRefused extends Error {
  override name = 'ClusterRefused';
}

export type ClusterSettings = Omit<ClusterOptions, 'log'> & {
  /** What the person starting it should know (a missing REDIS_URL). */
  warnings: string[];
};

const MAX_INSTANCES = 16;

/** Where a cluster on `port` keeps its HAProxy configuration and sockets: `restart:cluster` finds it there. */
export function clusterRunDir(port: number): string {
  return path.join(tmpdir(), `rentora-cluster-${port}`);
}

/** HAProxy from HAPROXY, else the PATH, else Debian's place for it. */
export function findHaproxy(env: NodeJS.ProcessEnv = process.env): string {
  if (env.HAPROXY) return env.HAPROXY;
  const onPath = (env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'haproxy'));
  const found = [...onPath, '/usr/sbin/haproxy'].find((file) => existsSync(file));
  if (found === undefined) {
    throw new ClusterRefused('HAProxy is not installed: `apt-get install haproxy` (or set HAPROXY to its binary).');
  }
  return found;
}

/**
 * The instances believe one more proxy than the site would alone: HAProxy, on this machine. A hop
 * count grows by one, a list of proxies gains the loopback address, `true` stays.
 */
export function instanceTrustProxy(raw: string | undefined): string {
  if (raw === undefined || raw === '' || raw === 'false') return '1';
  if (raw === 'true') return raw;
  if (/^\d{1,2}$/.test(raw)) return String(Number(raw) + 1);
  return `${raw},127.0.0.1`;
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ClusterRefused(`${name} must be a whole number from ${min} to ${max}.`);
  }
  return value;
}

/**
 * The cluster `npm run start:cluster` runs, from the environment (README: Scaling out): INSTANCES
 * (2), the site's own settings as `npm start` takes them (PORT, the remotes' ports and URLs,
 * HOST_ORIGIN, …), INSTANCE_PORT_BASE (PORT + 10: the instances listen on 127.0.0.1 from there),
 * HAPROXY and HAPROXY_MAXCONN. PostgreSQL is required: SQLite is one process's database.
 */
export function clusterSettings(env: NodeJS.ProcessEnv = process.env, root = findRepoRoot()): ClusterSettings {
  if (!env.DATABASE_URL) {
    throw new ClusterRefused(
      'start:cluster needs PostgreSQL: set DATABASE_URL=postgres://… (and JWT_SECRET). SQLite is one process’s ' +
        'database, a file on one machine that only one process may write at a time: several instances need a ' +
        'database server they all reach.',
    );
  }
  // The API's own checks, with its messages (a missing JWT_SECRET, a malformed URL…), before anything starts.
  const api = loadConfig(env);
  if (api.databaseUrl === undefined) throw new ClusterRefused('DATABASE_URL must be a postgres:// URL.');
  const site = loadSiteConfig(env, root);
  const count = whole(env, 'INSTANCES', 2, 1, MAX_INSTANCES);
  const base = whole(env, 'INSTANCE_PORT_BASE', site.port + 10, 1, 65_535 - count);
  const instancePorts = Array.from({ length: count }, (_, index) => base + index);
  const remotePorts = Object.values(site.remotePorts);
  const taken = instancePorts.filter((port) => port === site.port || remotePorts.includes(port));
  if (taken.length > 0) {
    throw new ClusterRefused(`INSTANCE_PORT_BASE puts an instance on port ${taken.join(', ')}, the site's own.`);
  }
  const maxconn = env.HAPROXY_MAXCONN === undefined ? undefined : whole(env, 'HAPROXY_MAXCONN', 0, 1, 1_000_000);

  // Every instance writes the same pages: the public URLs, not its own port's.
  const siteUrls: NodeJS.ProcessEnv = {
    HOST_ORIGIN: site.hostOrigins.join(','),
    ...Object.fromEntries(
      Object.entries(site.remoteUrls).map(([name, url]) => [`REMOTE_${name.toUpperCase()}_URL`, url]),
    ),
  };
  const logLevel = { LOG_LEVEL: env.LOG_LEVEL ?? 'warn' };
  const warnings =
    env.REDIS_URL === undefined
      ? [
          'REDIS_URL is not set: each instance counts rate limits on its own, so a client gets up to ' +
            `${count} times each limit. Set REDIS_URL=redis://… for limits shared by every instance.`,
        ]
      : [];
  return {
    instancePorts,
    port: site.port,
    host: site.host,
    remotePorts,
    instanceEnv: {
      ...env,
      ...siteUrls,
      ...logLevel,
      HOST: '127.0.0.1',
      TRUST_PROXY: instanceTrustProxy(env.TRUST_PROXY),
    },
    remotesEnv: { ...env, ...siteUrls, ...logLevel },
    serveFile: path.join(root, 'platform/dist/serve.cjs'),
    haproxy: findHaproxy(env),
    maxconn,
    runDir: clusterRunDir(site.port),
    warnings,
  };
}
