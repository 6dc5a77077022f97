import { randomBytes } from 'node:crypto';
import type { CarAvailability } from '@rentora/shared';

/** One open stream, as the feed sees it: what it wants and how to hand it bytes. */
export interface FeedClient {
  /** The cars it asked for, or undefined for every car. */
  vehicles: ReadonlySet<string> | undefined;
  /** Writes a frame; the stream decides what to do when its reader lags (routes/api/events). */
  write(frame: Buffer): void;
}

export interface AvailabilityFeedOptions {
  /** The car's state now, read from the database; undefined for a car that does not exist. */
  readCar(vehicleId: string): Promise<CarAvailability | undefined>;
  /** Every car's state now, for a reader whose last event is no longer kept. */
  readFleet(): Promise<CarAvailability[]>;
  onReadFailed(error: unknown): void;
  /** How many past events are kept for a reconnecting reader. */
  history: number;
  heartbeatMs: number;
}

/**
 * The live availability feed of one instance: after each change it reads the car once, numbers
 * the event, keeps it for readers that reconnect, and writes the same bytes to every stream that
 * wants that car (docs/architecture.md §4).
 */
export interface AvailabilityFeed {
  /** A car changed: read it (once, however many changes arrive meanwhile) and send it. */
  changed(vehicleId: string): void;
  /**
   * Adds a stream. With the id of the last event it saw: first what it missed, or every car's
   * state when that is no longer kept. Returns the function that removes it.
   */
  add(client: FeedClient, lastEventId: string | undefined): () => void;
  /** Open streams. */
  size(): number;
  /** Stops the heartbeat; the streams are the route's to end. */
  close(): void;
}

interface FeedEvent {
  seq: number;
  vehicleId: string;
  frame: Buffer;
}

/** How often a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 2_000;
const HEARTBEAT = Buffer.from(':\n\n');

export function frameOf(id: string, car: CarAvailability): Buffer {
  return Buffer.from(`id: ${id}\nevent: availability\ndata: ${JSON.stringify(car)}\n\n`);
}

/** A stream as the feed holds it: while a refresh is read, its live events wait in `pending`. */
interface Stream {
  client: FeedClient;
  pending?: FeedEvent[];
}

export function createAvailabilityFeed(options: AvailabilityFeedOptions): AvailabilityFeed {
  // Event ids name this feed's life: another instance's or an earlier process's ids are unknown here.
  const epoch = randomBytes(4).toString('hex');
  let seq = 0;
  const eventId = (n: number) => `${epoch}-${n}`;
  const history: FeedEvent[] = [];
  const streams = new Set<Stream>();
  const everyCar = new Set<Stream>();
  const byCar = new Map<string, Set<Stream>>();
  const reading = new Map<string, { again: boolean }>();
  let snapshot: { seq: number; cars: Promise<CarAvailability[]> } | undefined;

  const wants = (client: FeedClient, vehicleId: string) =>
    client.vehicles === undefined || client.vehicles.has(vehicleId);

  const deliver = (stream: Stream, event: FeedEvent) => {
    if (stream.pending === undefined) stream.client.write(event.frame);
    else stream.pending.push(event);
  };

  const publish = (car: CarAvailability) => {
    seq += 1;
    const event = { seq, vehicleId: car._id, frame: frameOf(eventId(seq), car) };
    history.push(event);
    if (history.length > options.history) history.shift();
    for (const stream of everyCar) deliver(stream, event);
    for (const stream of byCar.get(car._id) ?? []) deliver(stream, event);
  };

  const read = (vehicleId: string) => {
    const state = { again: false };
    reading.set(vehicleId, state);
    options
      .readCar(vehicleId)
      .then(
        (car) => {
          if (car !== undefined) publish(car);
        },
        (error: unknown) => options.onReadFailed(error),
      )
      .finally(() => {
        reading.delete(vehicleId);
        if (state.again) read(vehicleId);
      });
  };

  const missed = (lastEventId: string): FeedEvent[] | undefined => {
    const [givenEpoch, givenSeq] = lastEventId.split('-');
    const after = Number(givenSeq);
    if (givenEpoch !== epoch || !Number.isInteger(after) || after > seq) return undefined;
    const oldestKept = history[0]?.seq ?? seq + 1;
    if (after < oldestKept - 1) return undefined;
    return history.filter((event) => event.seq > after);
  };

  const register = (stream: Stream) => {
    streams.add(stream);
    const { vehicles } = stream.client;
    if (vehicles === undefined) everyCar.add(stream);
    for (const vehicleId of vehicles ?? []) {
      let wanting = byCar.get(vehicleId);
      if (wanting === undefined) byCar.set(vehicleId, (wanting = new Set()));
      wanting.add(stream);
    }
    return () => {
      streams.delete(stream);
      everyCar.delete(stream);
      for (const vehicleId of vehicles ?? []) {
        const wanting = byCar.get(vehicleId);
        wanting?.delete(stream);
        if (wanting?.size === 0) byCar.delete(vehicleId);
      }
    };
  };

  /** Every car as of now, read once for all the readers that reconnect before the next event. */
  const currentFleet = () => {
    if (snapshot?.seq !== seq) {
      const cars = options.readFleet();
      const taken = { seq, cars };
      snapshot = taken;
      cars.catch(() => {
        if (snapshot === taken) snapshot = undefined;
      });
    }
    return snapshot;
  };

  const refresh = (stream: Stream) => {
    const { client } = stream;
    const { seq: readAt, cars } = currentFleet();
    cars
      .then(
        (all) => {
          for (const car of all) if (wants(client, car._id)) client.write(frameOf(eventId(readAt), car));
        },
        (error: unknown) => options.onReadFailed(error),
      )
      .finally(() => {
        // Live events that came while the refresh was read, newer than it: never overwritten by it.
        for (const event of stream.pending ?? []) if (event.seq > readAt) client.write(event.frame);
        stream.pending = undefined;
      });
  };

  const heartbeat = setInterval(() => {
    for (const stream of streams) if (stream.pending === undefined) stream.client.write(HEARTBEAT);
  }, options.heartbeatMs);
  heartbeat.unref();

  return {
    changed: (vehicleId) => {
      if (streams.size === 0) {
        // Nobody to tell: no read. The event that would have been is a gap, so a reader coming
        // back from before it gets every car's state instead of a replay that would skip it.
        seq += 1;
        history.length = 0;
        return;
      }
      const inFlight = reading.get(vehicleId);
      if (inFlight !== undefined) inFlight.again = true;
      else read(vehicleId);
    },
    add: (client, lastEventId) => {
      client.write(Buffer.from(`retry: ${RETRY_MS}\n\n`));
      const events = lastEventId === undefined ? [] : missed(lastEventId);
      if (events === undefined) {
        const stream: Stream = { client, pending: [] };
        const remove = register(stream);
        refresh(stream);
        return remove;
      }
      for (const event of events) if (wants(client, event.vehicleId)) client.write(event.frame);
      return register({ client });
    },
    size: () => streams.size,
    close: () => clearInterval(heartbeat),
  };
}
