import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CarAvailability, VehicleDetail } from '@rentora/shared';
import { type ChildApi, startChildApi, stopChildApi } from '../../../testing/child-api';
import { describeOnPostgres } from '../../../testing/describe-engines';
import { baseUrlOf, openEventStream } from '../../../testing/event-stream';
import { bookingForm, createStaff, createUser, dateFromToday } from '../../../testing/test-app';
import { TEST_JWT_SECRET } from '../../../testing/test-config';

jest.setTimeout(60_000);

describeOnPostgres('live availability across two API instances', (subject) => {
  let other: ChildApi | undefined;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-events-'));
    other = await startChildApi({
      DATABASE_URL: subject.config.databaseUrl ?? '',
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: dataDir,
    });
  });
  afterAll(async () => {
    await stopChildApi(other);
    await rm(dataDir, { recursive: true, force: true });
  });

  it("streams instance B's booking to a reader on instance A within a second, and neither serves the old calendar", async () => {
    const range = { pick_up_date: dateFromToday(120), drop_off_date: dateFromToday(121) };
    const rider = await createUser(subject.app);
    const url = `${baseUrlOf(subject.app)}/api/events?vehicles=audi-q7`;
    const stream = await openEventStream(url);
    try {
      // Both instances have the car's calendar, and A the search, cached before the booking.
      const searchUrl = `/api/vehicles?pick_up_date=${range.pick_up_date}&drop_off_date=${range.drop_off_date}`;
      const before = (await subject.call('GET', searchUrl)).body as VehicleDetail[];
      expect(before.map((car) => car._id)).toContain('audi-q7');
      expect((await subject.call('GET', '/api/vehicles/audi-q7')).status).toBe(200);
      expect((await other?.call('GET', '/api/vehicles/audi-q7'))?.status).toBe(200);

      const bookedAt = performance.now();
      const booked = await other?.call('POST', '/api/book-ride/audi-q7', {
        headers: rider.auth,
        body: bookingForm(range),
      });
      expect(booked?.status).toBe(201);
      const event = await stream.next((candidate) => candidate.event === 'availability', { timeoutMs: 1_000 });
      expect(performance.now() - bookedAt).toBeLessThan(1_000);
      expect((JSON.parse(event.data) as CarAvailability).booked).toContainEqual(range);

      const detail = (await subject.call('GET', '/api/vehicles/audi-q7')).body as VehicleDetail;
      expect(detail.booked).toContainEqual(range);
      const search = await subject.call('GET', searchUrl);
      expect((search.body as VehicleDetail[]).map((car) => car._id)).not.toContain('audi-q7');
    } finally {
      stream.close();
    }
  });

  it("streams instance B's maintenance block, and its car going out of service, to a reader on A", async () => {
    const { auth } = await createStaff(subject.app, 'operator');
    const stream = await openEventStream(`${baseUrlOf(subject.app)}/api/events?vehicles=volvo-xc90`);
    try {
      const days = { start_date: dateFromToday(100), end_date: dateFromToday(101) };
      const blocked = await other?.call('POST', '/api/operator/vehicles/volvo-xc90/blocks', {
        headers: auth,
        body: { ...days, reason: 'repair' },
      });
      expect(blocked?.status).toBe(201);
      const afterBlock = await stream.next((candidate) => candidate.event === 'availability', { timeoutMs: 1_000 });
      expect((JSON.parse(afterBlock.data) as CarAvailability).booked).toContainEqual({
        pick_up_date: days.start_date,
        drop_off_date: days.end_date,
      });

      const seen = stream.events.length;
      const moved = await other?.call('PATCH', '/api/operator/vehicles/volvo-xc90', {
        headers: auth,
        body: { status: 'out_of_service' },
      });
      expect(moved?.status).toBe(200);
      const afterMove = await stream.next((candidate) => candidate.event === 'availability', {
        from: seen,
        timeoutMs: 1_000,
      });
      expect(JSON.parse(afterMove.data) as CarAvailability).toMatchObject({ availability: false });
      // A's own fleet list says so at once too.
      const listed = (await subject.call('GET', '/api/vehicles')).body as VehicleDetail[];
      expect(listed.find((car) => car._id === 'volvo-xc90')?.availability).toBe(false);
    } finally {
      stream.close();
    }
  });
});
