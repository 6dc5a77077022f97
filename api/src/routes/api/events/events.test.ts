import type { CarAvailability } from '@rentora/shared';
import { describeEachEngine } from '../../../testing/describe-engines';
import { type OpenedStream, type StreamEvent, baseUrlOf, openEventStream } from '../../../testing/event-stream';
import { bookingForm, createStaff, createUser, dateFromToday } from '../../../testing/test-app';
import { BAD_VEHICLES, TOO_MANY_FROM_ADDRESS, TOO_MANY_STREAMS } from '.';

jest.setTimeout(60_000);

const car = (event: StreamEvent) => JSON.parse(event.data) as CarAvailability;
const about = (vehicleId: string) => (event: StreamEvent) =>
  event.event === 'availability' && car(event)._id === vehicleId;

describeEachEngine('GET /api/events on %s', (subject) => {
  const streams: OpenedStream[] = [];
  const open = async (query = '', headers: Record<string, string> = {}) => {
    const stream = await openEventStream(`${baseUrlOf(subject.app)}/api/events${query}`, { headers });
    streams.push(stream);
    return stream;
  };
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });

  it('is an uncached stream that no proxy buffers', async () => {
    const stream = await open();
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['x-content-type-options']).toBe('nosniff');
  });

  it("sends the car's whole state after a booking and after a cancellation", async () => {
    const stream = await open();
    const rider = await createUser(subject.app);
    const range = { pick_up_date: dateFromToday(140), drop_off_date: dateFromToday(142) };
    const booked = await subject.call('POST', '/api/book-ride/kia-seltos', {
      headers: rider.auth,
      body: bookingForm(range),
    });
    expect(booked.status).toBe(201);
    const afterBooking = car(await stream.next(about('kia-seltos')));
    expect(afterBooking).toEqual({ _id: 'kia-seltos', availability: true, booked: expect.arrayContaining([range]) });

    const seen = stream.events.length;
    expect((await subject.call('POST', '/api/cancel-ride/kia-seltos', { headers: rider.auth })).status).toBe(200);
    const afterCancel = car(await stream.next(about('kia-seltos'), { from: seen }));
    expect(afterCancel.booked).not.toContainEqual(range);
  });

  it('sends any change the signal names: a car taken out of service, and back', async () => {
    const stream = await open('?vehicles=bmw-x5');
    await subject.app.db
      .updateTable('vehicles')
      .set({ status: 'out_of_service' })
      .where('slug', '=', 'bmw-x5')
      .execute();
    subject.app.vehicleChanges.changed('bmw-x5');
    expect(car(await stream.next(about('bmw-x5')))).toMatchObject({ _id: 'bmw-x5', availability: false });
    // The fleet and the detail say so at once too, not after the fleet's TTL.
    const detail = await subject.call('GET', '/api/vehicles/bmw-x5');
    expect(detail.body).toMatchObject({ availability: false });

    const seen = stream.events.length;
    await subject.app.db.updateTable('vehicles').set({ status: 'in_service' }).where('slug', '=', 'bmw-x5').execute();
    subject.app.vehicleChanges.changed('bmw-x5');
    expect(car(await stream.next(about('bmw-x5'), { from: seen }))).toMatchObject({ availability: true });
  });

  it("sends the car's state after an operator's block, its removal and a status move", async () => {
    const stream = await open('?vehicles=volvo-s90');
    const { auth } = await createStaff(subject.app, 'operator');
    const days = { start_date: dateFromToday(120), end_date: dateFromToday(122) };
    const blocked = await subject.call('POST', '/api/operator/vehicles/volvo-s90/blocks', {
      headers: auth,
      body: { ...days, reason: 'maintenance' },
    });
    expect(blocked.status).toBe(201);
    const range = { pick_up_date: days.start_date, drop_off_date: days.end_date };
    // Publicly a block is booked days, its reason unsaid.
    expect(car(await stream.next(about('volvo-s90')))).toEqual({
      _id: 'volvo-s90',
      availability: true,
      booked: [range],
    });

    let seen = stream.events.length;
    const { id } = blocked.body as { id: number };
    expect(
      (await subject.call('DELETE', `/api/operator/vehicles/volvo-s90/blocks/${id}`, { headers: auth })).status,
    ).toBe(200);
    expect(car(await stream.next(about('volvo-s90'), { from: seen })).booked).toEqual([]);

    seen = stream.events.length;
    const moved = await subject.call('PATCH', '/api/operator/vehicles/volvo-s90', {
      headers: auth,
      body: { status: 'out_of_service' },
    });
    expect(moved.status).toBe(200);
    expect(car(await stream.next(about('volvo-s90'), { from: seen }))).toMatchObject({ availability: false });
    await subject.call('PATCH', '/api/operator/vehicles/volvo-s90', { headers: auth, body: { status: 'in_service' } });
  });

  it("sends the car's state after every stage move of a rental, so a renter's open profile can follow it", async () => {
    const stream = await open('?vehicles=toyota-fortuner');
    const rider = await createUser(subject.app);
    const { auth } = await createStaff(subject.app, 'operator');
    const today = { pick_up_date: dateFromToday(0), drop_off_date: dateFromToday(1) };
    const booked = await subject.call('POST', '/api/book-ride/toyota-fortuner', {
      headers: rider.auth,
      body: bookingForm(today),
    });
    expect(booked.status).toBe(201);
    await stream.next(about('toyota-fortuner'));
    const { id } = await subject.app.db
      .selectFrom('rentals')
      .select('id')
      .where('user_id', '=', rider.id)
      .executeTakeFirstOrThrow();

    // Picked up: the car's days stay taken, but the renter's status changes.
    for (const to of ['picked_up', 'completed']) {
      const seen = stream.events.length;
      const moved = await subject.call('POST', `/api/operator/bookings/${id}/stage`, { headers: auth, body: { to } });
      expect(moved.status).toBe(200);
      const after = car(await stream.next(about('toyota-fortuner'), { from: seen }));
      expect(after.booked.some((range) => range.pick_up_date === today.pick_up_date)).toBe(to === 'picked_up');
    }
  });

  it('narrows to the cars asked for, and refuses a malformed or unknown list', async () => {
    const narrowed = await open('?vehicles=bmw-x5');
    const everything = await open();
    subject.app.vehicleChanges.changed('kia-seltos');
    subject.app.vehicleChanges.changed('bmw-x5');
    await everything.next(about('kia-seltos'));
    await narrowed.next(about('bmw-x5'));
    expect(narrowed.events.map((event) => car(event)._id)).toEqual(['bmw-x5']);

    const malformed = await open('?vehicles=bmw-x5,,');
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body)).toEqual({ message: BAD_VEHICLES });
    const unknown = await open('?vehicles=no-such-car');
    expect(unknown.status).toBe(404);
  });

  it('replays what a reconnecting reader missed after its Last-Event-ID, or every car when that is unknown', async () => {
    const first = await open('?vehicles=bmw-x5,kia-seltos');
    subject.app.vehicleChanges.changed('bmw-x5');
    const last = await first.next(about('bmw-x5'));
    expect(last.id).toMatch(/^[0-9a-f]+-\d+$/);
    first.close();

    const watcher = await open();
    const seen = watcher.events.length;
    subject.app.vehicleChanges.changed('kia-seltos');
    await watcher.next(about('kia-seltos'), { from: seen });

    const resumed = await open('?vehicles=bmw-x5,kia-seltos', { 'last-event-id': last.id ?? '' });
    const missed = await resumed.next(about('kia-seltos'));
    expect(resumed.events).toEqual([missed]);

    const stranger = await open('?vehicles=bmw-x5,kia-seltos', { 'last-event-id': 'feedbeef-3' });
    await stranger.next(about('bmw-x5'));
    await stranger.next(about('kia-seltos'));
    expect(stranger.events).toHaveLength(2);
  });
});

describeEachEngine(
  'the heartbeat of GET /api/events on %s',
  (subject) => {
    it('sends an idle stream a comment at every heartbeat, so no proxy closes it as idle', async () => {
      const stream = await openEventStream(`${baseUrlOf(subject.app)}/api/events`);
      try {
        expect(stream.status).toBe(200);
        expect(await stream.firstComments(2)).toEqual([':', ':']);
        expect(stream.events).toEqual([]);
      } finally {
        stream.close();
      }
    });
  },
  { events: { perIp: 6, max: 10_000, heartbeatMs: 50 } },
);

describeEachEngine(
  'the limits of GET /api/events on %s',
  (subject) => {
    it('answers 429 past the streams per address and 503 past the streams per instance, each with Retry-After', async () => {
      const url = `${baseUrlOf(subject.app)}/api/events`;
      const held = [
        await openEventStream(url, { localAddress: '127.0.0.1' }),
        await openEventStream(url, { localAddress: '127.0.0.1' }),
      ];
      try {
        const refused = await openEventStream(url, { localAddress: '127.0.0.1' });
        expect(refused.status).toBe(429);
        expect(refused.headers['retry-after']).toBe('30');
        expect(JSON.parse(refused.body)).toEqual({ message: TOO_MANY_FROM_ADDRESS });

        held.push(await openEventStream(url, { localAddress: '127.0.0.2' }));
        expect(held.map((stream) => stream.status)).toEqual([200, 200, 200]);
        const busy = await openEventStream(url, { localAddress: '127.0.0.3' });
        expect(busy.status).toBe(503);
        expect(busy.headers['retry-after']).toBe('30');
        expect(JSON.parse(busy.body)).toEqual({ message: TOO_MANY_STREAMS });

        // A closed stream frees its place at once.
        const closed = held.shift();
        closed?.close();
        await closed?.ended;
        await waitFor(() => subject.app.availabilityFeed.size() === 2);
        const again = await openEventStream(url, { localAddress: '127.0.0.1' });
        held.push(again);
        expect(again.status).toBe(200);
      } finally {
        for (const stream of held) stream.close();
      }
    });

    it('drops a reader that stops reading once its buffer fills, and keeps serving the others', async () => {
      const url = `${baseUrlOf(subject.app)}/api/events?vehicles=kia-seltos`;
      // A car with many booked days makes each event a few kilobytes.
      const rider = await createUser(subject.app);
      const vehicle = await subject.app.db
        .selectFrom('vehicles')
        .select('id')
        .where('slug', '=', 'kia-seltos')
        .executeTakeFirstOrThrow();
      const { age, ...form } = bookingForm();
      await subject.app.db
        .insertInto('rentals')
        .values(
          Array.from({ length: 80 }, (_, day) => ({
            ...form,
            age: Number(age),
            pick_up_date: dateFromToday(2 * day + 1),
            drop_off_date: dateFromToday(2 * day + 1),
            user_id: rider.id,
            vehicle_id: vehicle.id,
            days: 1,
            total_price: 1,
            stage: 'confirmed' as const,
          })),
        )
        .execute();

      await waitFor(() => subject.app.availabilityFeed.size() === 0);
      const reader = await openEventStream(url);
      const stalled = await openEventStream(url);
      try {
        stalled.pause();
        let sent = 0;
        while (subject.app.availabilityFeed.size() > 1 && sent < 5_000) {
          const seen = reader.events.length;
          subject.app.vehicleChanges.changed('kia-seltos');
          await reader.next(about('kia-seltos'), { from: seen });
          sent += 1;
        }
        expect(subject.app.availabilityFeed.size()).toBe(1);
        expect(sent).toBeLessThan(5_000);
        const seen = reader.events.length;
        subject.app.vehicleChanges.changed('kia-seltos');
        await reader.next(about('kia-seltos'), { from: seen });
      } finally {
        reader.close();
        stalled.close();
      }
    });
  },
  { events: { perIp: 2, max: 3, heartbeatMs: 25_000 } },
);

async function waitFor(condition: () => boolean): Promise<void> {
  for (let waited = 0; waited < 5_000 && !condition(); waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
