import type { CarAvailability } from '@rentora/shared';
import { findVehicle, listBookedRanges } from '../repositories/vehicles';
import { describeEachEngine } from '../testing/describe-engines';
import { createAvailabilityFeed } from './availability-feed';

jest.setTimeout(30_000);

describeEachEngine('the availability feed on %s', (subject) => {
  let reads = 0;
  let readsUnderWay = 0;
  const feedOptions = {
    readCar: async (vehicleId: string): Promise<CarAvailability | undefined> => {
      reads += 1;
      readsUnderWay += 1;
      try {
        const row = await findVehicle(subject.app.db, vehicleId);
        if (row === undefined) return undefined;
        const booked = await listBookedRanges(subject.app.db, row.id, subject.app.today());
        return { _id: row.slug, availability: row.status === 'in_service', booked };
      } finally {
        readsUnderWay -= 1;
      }
    },
    readFleet: () => Promise.resolve([]),
    onReadFailed: (error: unknown) => {
      throw error;
    },
    history: 10,
  };

  /** A stream as the route gives it to the feed: the frames it was handed, as text. */
  const stream = (vehicles?: string[]) => {
    const frames: string[] = [];
    return {
      frames,
      client: { vehicles: vehicles && new Set(vehicles), write: (frame: Buffer) => frames.push(frame.toString()) },
    };
  };
  const until = async (condition: () => boolean) => {
    for (let waited = 0; waited < 5_000 && !condition(); waited += 5)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(condition()).toBe(true);
  };

  it('writes a heartbeat comment to every stream at its interval', async () => {
    const feed = createAvailabilityFeed({ ...feedOptions, heartbeatMs: 20 });
    const { frames, client } = stream();
    const remove = feed.add(client, undefined);
    try {
      await until(() => frames.filter((frame) => frame === ':\n\n').length >= 2);
      expect(frames[0]).toBe('retry: 2000\n\n');
    } finally {
      remove();
      feed.close();
    }
  });

  it('reads a car once for changes that arrive while it is being read, and sends its latest state', async () => {
    const feed = createAvailabilityFeed({ ...feedOptions, heartbeatMs: 60_000 });
    const { frames, client } = stream(['kia-seltos']);
    const remove = feed.add(client, undefined);
    try {
      reads = 0;
      for (let change = 0; change < 5; change += 1) feed.changed('kia-seltos');
      feed.changed('bmw-x5');
      await until(() => reads === 3);
      await until(() => frames.filter((frame) => frame.includes('event: availability')).length === 2);
      // The first read, then one more for the four changes that came meanwhile; bmw-x5 is not this stream's.
      expect(frames.filter((frame) => frame.includes('"_id":"kia-seltos"'))).toHaveLength(2);
      // bmw-x5's read may end last (on a busy machine, after both of kia-seltos'): the test ends
      // after it, so no read meets the database closed.
      await until(() => readsUnderWay === 0);
      expect(frames.some((frame) => frame.includes('bmw-x5'))).toBe(false);
    } finally {
      remove();
      feed.close();
    }
  });
});
