import { serverStates } from '../haproxy-runtime';
import { describeFailures } from '../load/nothing-lost';
import { withCluster } from './bench-cluster-site';
import { type CheckResult, type ClusterCheck, sleep } from './check';
import { LOAD_RIDERS, nothingLost, underLoad } from './under-load';

const BEFORE_MS = 10_000;
const VICTIM = 'i2';

/**
 * kill -9 of one instance under the same load: the failed requests are only requests in flight
 * when it died that no other instance answered (their count printed beside HAProxy's count of
 * that instance's connections then), no booking is lost or doubled (bookings that got no answer are
 * resent with their key, as the wizard does), and its streams resume on the other instances.
 */
export const killInstanceCheck: ClusterCheck = {
  name: 'kill -9 of one instance under load',
  async run(env): Promise<CheckResult> {
    return withCluster(env, { instances: 3, riders: LOAD_RIDERS }, async (site) => {
      let killedAt = 0;
      let haproxyCount = 0;
      /** The streams on the victim when it died, with how many connections each had had by then. */
      let onVictim: { index: number; connections: number }[] = [];
      const outcome = await underLoad(env, site, env.killSeconds, async (_traffic, watched) => {
        await sleep(BEFORE_MS);
        const state = (await serverStates(site.cluster.runtimeSocket)).find((server) => server.name === VICTIM);
        haproxyCount = state?.current ?? 0;
        onVictim = watched.streams
          .map((stream, index) => ({ index, connections: stream.servedBy.length, last: stream.servedBy.at(-1) }))
          .filter(({ last }) => last === VICTIM);
        killedAt = performance.now();
        site.cluster.signal(VICTIM, 'SIGKILL');
      });
      const inFlightAtKill = outcome.sent.filter((sent) => sent.startedAt <= killedAt && sent.endedAt >= killedAt);
      const notByOthers = inFlightAtKill.filter((sent) => sent.servedBy === undefined || sent.servedBy === VICTIM);
      const failedLater = outcome.failed.filter((sent) => sent.startedAt > killedAt);
      const resumed = onVictim.filter(
        ({ index, connections }) => (outcome.watched.streams[index]?.servedBy.length ?? 0) > connections,
      );
      const lines = [
        `  3 instances; ${VICTIM} killed with SIGKILL ${BEFORE_MS / 1000} s into the load (the cluster starts it again)`,
        `  in flight at the kill: ${inFlightAtKill.length} requests in all, ${notByOthers.length} not answered by another ` +
          `instance; HAProxy counted ${haproxyCount} connections to ${VICTIM} just before, ${onVictim.length} of them live streams`,
        `  failed requests: ${outcome.failed.length}${outcome.failed.length > 0 ? ` (${describeFailures(outcome.failed)})` : ''}` +
          `, ${failedLater.length} of them sent after the kill`,
        `  live streams on ${VICTIM}: ${onVictim.length}, reconnected: ${resumed.length}`,
        ...outcome.lines,
      ];
      const missed = nothingLost(outcome);
      if (failedLater.length > 0) missed.push(`${failedLater.length} requests sent after the kill failed`);
      if (outcome.failed.length > notByOthers.length) {
        missed.push(`${outcome.failed.length} failed, more than the ${notByOthers.length} in flight on ${VICTIM}`);
      }
      if (resumed.length < onVictim.length) {
        missed.push(`${onVictim.length - resumed.length} of ${VICTIM}'s live streams did not reconnect`);
      }
      return { lines, missed };
    });
  },
};
