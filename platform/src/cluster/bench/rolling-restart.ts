import { withCluster } from './bench-cluster-site';
import { type CheckResult, type ClusterCheck, sleep } from './check';
import { describeFailures } from '../load/nothing-lost';
import { LOAD_RIDERS, nothingLost, since, underLoad } from './under-load';

/** The load runs this long before the restart starts. */
const BEFORE_MS = 5_000;

/**
 * A rolling restart of every instance (as `npm run restart:cluster` does it) during BENCH_RESTART_SECONDS
 * of reads and bookings, with live streams open: no request fails (only the API's own 409s and
 * 429s), every 201 is held once, and every stream hears of every booking.
 */
export const rollingRestartCheck: ClusterCheck = {
  name: 'rolling restart of every instance under load',
  async run(env): Promise<CheckResult> {
    return withCluster(env, { instances: 3, riders: LOAD_RIDERS }, async (site) => {
      const steps: string[] = [];
      let problems: string[] = [];
      const outcome = await underLoad(env, site, env.restartSeconds, async (_traffic, _watched, startedAt) => {
        await sleep(BEFORE_MS);
        problems = await site.cluster.restart((line) => steps.push(`    ${since(startedAt)} ${line}`));
      });
      const missed = nothingLost(outcome);
      if (problems.length > 0) missed.push(`the restart: ${problems.join('; ')}`);
      if (outcome.failed.length > 0)
        missed.push(`${outcome.failed.length} requests failed: ${describeFailures(outcome.failed)}`);
      return { lines: ['  3 instances, restarted one at a time:', ...steps, ...outcome.lines], missed };
    });
  },
};
