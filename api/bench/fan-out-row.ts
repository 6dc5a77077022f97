import type { BenchRow } from './bench-row';
import { type FanOut, measureFanOut } from './fan-out';
import { availableCars } from './row-fleet';
import { rssOf } from './servers';

const STREAMS = 2_000;
const BOOKINGS = 5;
const SMOKE_STREAMS = 20;
const SMOKE_BOOKINGS = 2;

const NAME = 'live availability fan-out';

function fanOutLine({ arrivals, rssPer1000 }: FanOut, streams: number, bookings: number): string {
  const sorted = [...arrivals].sort((a, b) => a - b);
  const at = (share: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN).toFixed(1);
  return (
    `${NAME}: ${streams} open streams, ${bookings} bookings one after another, ` +
    `from sending each booking to its event at each stream (ms): p50 ${at(0.5)}, p99 ${at(0.99)}, ` +
    `max ${(sorted[sorted.length - 1] ?? Number.NaN).toFixed(1)} (goal: p99 < 250); ` +
    `API memory per 1,000 idle streams: ${(rssPer1000 / 1024 / 1024).toFixed(1)} MiB`
  );
}

/** The live availability row (ADR 0018): idle streams on one instance, then bookings, each timed at every stream. */
export const fanOutRow: BenchRow = {
  name: NAME,
  // One rider per booking: none reaches the cap of upcoming rentals.
  data: { riders: BOOKINGS },
  async measure({ api, apiProcess, settings }) {
    const streams = settings.smoke ? SMOKE_STREAMS : STREAMS;
    const bookings = settings.smoke ? SMOKE_BOOKINGS : BOOKINGS;
    const fanOut = await measureFanOut({
      url: api.url,
      streams,
      bookings,
      tokens: api.riderTokens,
      cars: await availableCars(api),
      rss: () => rssOf(apiProcess),
    });
    return fanOutLine(fanOut, streams, bookings);
  },
};
