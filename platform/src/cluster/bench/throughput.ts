import { randomUUID } from 'node:crypto';
import { answersByStatus } from '@rentora/api/bench/each-row';
import autocannon, { type Result } from 'autocannon';
import { bookingBody, randomBooking } from '../load/site-traffic';
import { withCluster } from './bench-cluster-site';
import type { CheckResult, ClusterCheck } from './check';

const READ_CONNECTIONS = 32;
const BOOKING_CONNECTIONS = 16;
const RIDERS = 2_000;
/** Thresholds of each count of instances (p99, ms), besides no failed request. */
const READ_P99_MS = 100;
const BOOKING_P99_MS = 250;

/** Answers the API itself gives: a read 200; a booking 201, 409 or 429. Anything else, or no answer, failed. */
function failedOf(result: Result, expected: readonly number[]): number {
  const unexpected = answersByStatus(result)
    .filter(([code]) => !expected.includes(Number(code)))
    .reduce((sum, [, count]) => sum + count, 0);
  return unexpected + result.errors;
}

function row(what: string, instances: number, result: Result, failed: number): string {
  return (
    `  ${what.padEnd(22)} ${String(instances).padStart(9)} ${Math.round(result.requests.average).toString().padStart(8)}` +
    ` ${String(result.latency.p50).padStart(6)} ${String(result.latency.p99).padStart(6)} ${String(failed).padStart(7)}`
  );
}

/**
 * Through HAProxy with 1, 2 and 3 instances: the fleet read (Brotli, as browsers ask) and the
 * booking mix (riders booking random cars and days with an Idempotency-Key: 201s, then 409s as
 * riders reach the cap and calendars fill), each for BENCH_SECONDS.
 */
export const throughputCheck: ClusterCheck = {
  name: 'throughput through HAProxy, 1 to 3 instances',
  async run(env): Promise<CheckResult> {
    const lines = [
      `  fleet read at ${READ_CONNECTIONS} connections, booking mix at ${BOOKING_CONNECTIONS}, ${env.seconds} s each`,
      `  ${'row'.padEnd(22)} instances    req/s  p50ms  p99ms  failed`,
    ];
    const missed: string[] = [];
    const reads: number[] = [];
    for (const instances of [1, 2, 3]) {
      await withCluster(env, { instances, riders: RIDERS }, async ({ url, riders, cars }) => {
        const read = await autocannon({
          url: `${url}/api/vehicles`,
          connections: READ_CONNECTIONS,
          duration: env.seconds,
          headers: { 'accept-encoding': 'br' },
        });
        const readFailed = failedOf(read, [200]);
        lines.push(row('GET /api/vehicles (br)', instances, read, readFailed));
        reads.push(read.requests.average);
        if (readFailed > 0) missed.push(`${readFailed} fleet reads failed with ${instances} instances`);
        if (read.latency.p99 >= READ_P99_MS)
          missed.push(`fleet read p99 ${read.latency.p99} ms ≥ ${READ_P99_MS} ms with ${instances} instances`);

        const mix = await autocannon({
          url,
          connections: BOOKING_CONNECTIONS,
          duration: env.seconds,
          requests: [
            {
              method: 'POST',
              setupRequest: (request) => {
                const asked = randomBooking(riders.length, cars);
                return {
                  ...request,
                  path: `/api/book-ride/${asked.car}`,
                  headers: {
                    authorization: `Bearer ${riders[asked.rider] ?? ''}`,
                    'content-type': 'application/json',
                    'idempotency-key': randomUUID(),
                  },
                  body: bookingBody(asked),
                };
              },
            },
          ],
        });
        const mixFailed = failedOf(mix, [201, 409, 429]);
        const booked = answersByStatus(mix).find(([code]) => code === '201')?.[1] ?? 0;
        lines.push(`${row('booking mix', instances, mix, mixFailed)}   (${booked} booked)`);
        if (mixFailed > 0) missed.push(`${mixFailed} bookings failed with ${instances} instances`);
        if (mix.latency.p99 >= BOOKING_P99_MS)
          missed.push(`booking p99 ${mix.latency.p99} ms ≥ ${BOOKING_P99_MS} ms with ${instances} instances`);
      });
    }
    const [one = 1] = reads;
    lines.push(
      `  fleet reads per second against one instance: ${reads.map((value) => `×${(value / one).toFixed(2)}`).join(', ')}` +
        ` (thresholds: no failure, p99 < ${READ_P99_MS} ms for reads and < ${BOOKING_P99_MS} ms for bookings)`,
    );
    return { lines, missed };
  },
};
