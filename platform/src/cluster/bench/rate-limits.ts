import { randomInt } from 'node:crypto';
import http from 'node:http';
import { SERVED_BY_HEADER } from '../haproxy-config';
import { withCluster } from './bench-cluster-site';
import type { CheckResult, ClusterCheck } from './check';

/** The quotes each address may ask for in a window, for this check (README: Configuration). */
const LIMIT = 60;
const PAST_IT = 10;
const AT_ONCE = 5;

/** `YYYY-MM-DD`, `offset` days from now (UTC). */
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** GET `url` from `localAddress`, one connection kept for all of them: its status and who answered. */
function getFrom(agent: http.Agent, url: string, localAddress: string) {
  return new Promise<{ status: number; servedBy: string }>((resolve, reject) => {
    http
      .get(url, { agent, localAddress }, (response) => {
        response.resume();
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, servedBy: String(response.headers[SERVED_BY_HEADER] ?? '?') }),
        );
      })
      .once('error', reject);
  });
}

/**
 * Rate limits hold across instances (Redis): one client address asks for quotes past its limit
 * through HAProxy, which spreads the requests over three instances; exactly the limit is answered,
 * then 429, whichever instance answers.
 */
export const rateLimitsCheck: ClusterCheck = {
  name: 'rate limits across instances (Redis)',
  async run(env): Promise<CheckResult> {
    if (env.redisUrl === undefined) {
      return { lines: [], missed: ['no REDIS_URL (or TEST_REDIS_URL): the limits cannot be shared'] };
    }
    return withCluster(
      env,
      { instances: 3, riders: 0, env: { RATE_LIMIT_QUOTES_PER_IP: String(LIMIT) } },
      async ({ url, cars }) => {
        // An address of its own each run: a counter left by a run a minute ago would count too.
        const address = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
        const query = `vehicles=${cars.slice(0, 3).join(',')}&pick_up_date=${isoDay(10)}&drop_off_date=${isoDay(12)}`;
        // A few at a time, each on a new connection: HAProxy's leastconn spreads them over the instances.
        const agent = new http.Agent({ keepAlive: false });
        const answers: { status: number; servedBy: string }[] = [];
        for (let sent = 0; sent < LIMIT + PAST_IT; sent += AT_ONCE) {
          const batch = Array.from({ length: Math.min(AT_ONCE, LIMIT + PAST_IT - sent) }, () =>
            getFrom(agent, `${url}/api/quotes?${query}`, address),
          );
          answers.push(...(await Promise.all(batch)));
        }
        const by = (status: number) => answers.filter((answer) => answer.status === status);
        const instancesOf = (status: number) => [...new Set(by(status).map(({ servedBy }) => servedBy))].sort();
        const lines = [
          `  ${LIMIT + PAST_IT} quotes from ${address}, limit ${LIMIT}: ${by(200).length} answered 200 (by ${instancesOf(200).join(', ')}), ` +
            `${by(429).length} answered 429 (by ${instancesOf(429).join(', ')}), ${AT_ONCE} at a time`,
        ];
        const missed: string[] = [];
        if (by(200).length !== LIMIT || by(429).length !== PAST_IT) {
          missed.push(`the limit is ${LIMIT}, but ${by(200).length} were answered and ${by(429).length} refused`);
        }
        if (instancesOf(200).length < 2 || instancesOf(429).length < 2)
          missed.push('the requests did not reach several instances');
        return { lines, missed };
      },
    );
  },
};
