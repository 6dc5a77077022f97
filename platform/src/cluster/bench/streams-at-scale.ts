import { measureFanOut } from '@rentora/api/bench/fan-out';
import { haproxyInfo } from '../haproxy-runtime';
import { type BenchEnv, type BenchSite, rssOf, withCluster } from './bench-cluster-site';
import { type CheckResult, type ClusterCheck, ms, quantile } from './check';

const BOOKINGS = 5;
const P99_TARGET_MS = 250;
/** Connections HAProxy keeps for itself besides the streams: the load's bookings, its checks. */
const HAPROXY_SPARE = 100;

const perStream = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

interface Measured {
  line: string;
  p99: number;
}

/** `streams` streams at `url`, then bookings one after another, each timed at every stream. */
async function fanOut(site: BenchSite, url: string, streams: number, where: string): Promise<Measured> {
  let haproxyBefore = 0;
  let haproxyAfter = 0;
  const { cluster } = site;
  const result = await measureFanOut({
    url,
    streams,
    bookings: BOOKINGS,
    tokens: site.riders,
    cars: site.cars,
    // Called before the streams open and once they are open.
    rss: async () => {
      const haproxy = rssOf(cluster.haproxyPid());
      if (haproxyBefore === 0) haproxyBefore = haproxy;
      else haproxyAfter = haproxy;
      return cluster.instances.reduce((sum, { pid }) => sum + rssOf(pid()), 0);
    },
  });
  const p99 = quantile(result.arrivals, 0.99);
  const haproxy = url === site.url ? `, HAProxy ${perStream((haproxyAfter - haproxyBefore) / streams)}` : '';
  return {
    p99,
    line:
      `  ${streams} streams ${where}: from sending a booking to its event at every stream, ` +
      `p50 ${ms(quantile(result.arrivals, 0.5))}, p99 ${ms(p99)}, max ${ms(quantile(result.arrivals, 1))} ` +
      `(${BOOKINGS} bookings); memory per stream: instances ${perStream(result.rssPer1000 / 1000)}${haproxy}`,
  };
}

const clusterOf = (env: BenchEnv, instances: number) => ({
  instances,
  riders: BOOKINGS,
  env: { EVENTS_MAX: String(env.streams) },
});

/**
 * Live streams at scale: BENCH_STREAMS (10,000) streams on one instance, then spread over three
 * behind HAProxy (as many as HAProxy can hold: two file descriptors each); bookings one after
 * another, each timed from sending it to its event at every stream; the memory a stream costs.
 */
export const streamsAtScaleCheck: ClusterCheck = {
  name: 'live streams at scale',
  async run(env): Promise<CheckResult> {
    const lines: string[] = [];
    const missed: string[] = [];
    const judge = async (measuring: () => Promise<Measured>, what: string) => {
      try {
        const { line, p99 } = await measuring();
        lines.push(line);
        if (!(p99 < P99_TARGET_MS)) missed.push(`p99 ${ms(p99)} ≥ ${P99_TARGET_MS} ms ${what}`);
      } catch (error) {
        // The other case still runs: what one could not do says nothing of the other.
        const message = error instanceof Error ? error.message : String(error);
        lines.push(`  ${what}: could not measure: ${message}`);
        missed.push(`${what}: ${message}`);
      }
    };

    await withCluster(env, clusterOf(env, 1), async (site) => {
      const [instance] = site.cluster.instances;
      await judge(
        () => fanOut(site, `http://127.0.0.1:${instance?.port ?? 0}`, env.streams, 'on one instance'),
        'on one instance',
      );
    });

    await withCluster(env, clusterOf(env, 3), async (site) => {
      const info = await haproxyInfo(site.cluster.runtimeSocket);
      const room = Number(info.Maxconn) - HAPROXY_SPARE;
      const streams = Math.min(env.streams, room);
      if (streams < env.streams) {
        lines.push(
          `  HAProxy holds ${info.Maxconn} connections at most here (ulimit -n ${info['Ulimit-n']}, two descriptors ` +
            `a stream; this process cannot raise it): ${streams} streams instead of ${env.streams}`,
        );
        missed.push(`${env.streams} streams do not fit one HAProxy process under ulimit -n ${info['Ulimit-n']}`);
      }
      await judge(() => fanOut(site, site.url, streams, 'over 3 instances behind HAProxy'), 'behind HAProxy');
    });
    return { lines, missed };
  },
};
