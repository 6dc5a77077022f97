import type { VehicleDetail, Vehicle } from '@rentora/shared';
import type { Block, BookingList } from '@rentora/shared/operator';
import { formatDisplayDate } from '@rentora/shared/format';
import { BLOCK_MESSAGES, clashMessage, notIsoDate } from '@rentora/shared/rules';
import { STAFF_ONLY } from '../../../../plugins/app/auth';
import { isBlockOverlapViolation, isOverlapViolation } from '../../../../db/violations';
import { describeEachEngine } from '../../../../testing/describe-engines';
import { bookingForm, createStaff, createUser, dateFromToday } from '../../../../testing/test-app';
import { NO_SUCH_BLOCK, blockClashMessage } from '../../../../services/blocks';

jest.setTimeout(60_000);

const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (reason: unknown) => reason,
  );

describeEachEngine('maintenance blocks on %s', (subject) => {
  let auth: { authorization: string };
  let operatorEmail: string;
  beforeAll(async () => {
    const operator = await createStaff(subject.app, 'operator');
    auth = operator.auth;
    operatorEmail = operator.email;
  });
  const block = (car: string, start: number, end: number, extra: object = {}) =>
    subject.call('POST', `/api/operator/vehicles/${car}/blocks`, {
      headers: auth,
      body: { start_date: dateFromToday(start), end_date: dateFromToday(end), reason: 'maintenance', ...extra },
    });
  const book = async (car: string, start: number, end: number) => {
    const rider = await createUser(subject.app);
    return subject.call('POST', `/api/book-ride/${car}`, {
      headers: rider.auth,
      body: bookingForm({ pick_up_date: dateFromToday(start), drop_off_date: dateFromToday(end) }),
    });
  };
  const range = (start: number, end: number) => ({
    pick_up_date: dateFromToday(start),
    drop_off_date: dateFromToday(end),
  });

  it.each([
    ['GET', '/api/operator/vehicles/audi-q7/blocks'],
    ['POST', '/api/operator/vehicles/audi-q7/blocks'],
    ['DELETE', '/api/operator/vehicles/audi-q7/blocks/1'],
  ])('answers %s %s 401 without a token and 403 for a customer', async (method, url) => {
    const body =
      method === 'POST' ? { start_date: dateFromToday(1), end_date: dateFromToday(2), reason: 'other' } : undefined;
    expect((await subject.call(method, url, { body })).status).toBe(401);
    const rider = await createUser(subject.app);
    const answer = await subject.call(method, url, { headers: rider.auth, body });
    expect([answer.status, answer.message]).toEqual([403, STAFF_ONLY]);
  });

  it('adds a block that the public sees as booked days, without its reason; dated searches and bookings avoid it', async () => {
    const added = await block('audi-a6', 30, 32, { reason: 'repair', note: 'Gearbox' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      id: expect.any(Number),
      ...{ start_date: dateFromToday(30), end_date: dateFromToday(32) },
      reason: 'repair',
      note: 'Gearbox',
      created_by: operatorEmail,
    });
    const detail = (await subject.call('GET', '/api/vehicles/audi-a6')).body as VehicleDetail;
    expect(detail.booked).toEqual([range(30, 32)]);
    expect(JSON.stringify(detail)).not.toContain('Gearbox');

    const search = async (start: number, end: number) =>
      (
        (
          await subject.call(
            'GET',
            `/api/vehicles?pick_up_date=${dateFromToday(start)}&drop_off_date=${dateFromToday(end)}`,
          )
        ).body as Vehicle[]
      ).map((vehicle) => vehicle._id);
    expect(await search(32, 34)).not.toContain('audi-a6');
    expect(await search(33, 34)).toContain('audi-a6');

    const clash = await book('audi-a6', 31, 35);
    expect([clash.status, clash.message]).toEqual([409, clashMessage(range(30, 32))]);
    expect((await book('audi-a6', 33, 35)).status).toBe(201);

    const listed = await subject.call('GET', '/api/operator/vehicles/audi-a6/blocks', { headers: auth });
    expect((listed.body as Block[]).map((item) => item.reason)).toEqual(['repair']);
  });

  it('refuses a block over a rental holding the car or another block (409 naming the dates), and bad dates (400)', async () => {
    expect((await book('audi-a4', 40, 42)).status).toBe(201);
    const { id: rentalId } = await subject.app.db
      .selectFrom('rentals')
      .innerJoin('vehicles', 'vehicles.id', 'rentals.vehicle_id')
      .select('rentals.id')
      .where('vehicles.slug', '=', 'audi-a4')
      .executeTakeFirstOrThrow();
    const overRental = await block('audi-a4', 42, 45);
    expect([overRental.status, overRental.message]).toEqual([
      409,
      `These days overlap rental #${rentalId}, from ${formatDisplayDate(dateFromToday(40))} to ${formatDisplayDate(dateFromToday(42))}.`,
    ]);
    expect((await block('audi-a4', 50, 52)).status).toBe(201);
    const overBlock = await block('audi-a4', 45, 50);
    expect([overBlock.status, overBlock.message]).toEqual([
      409,
      `These days overlap another block, from ${formatDisplayDate(dateFromToday(50))} to ${formatDisplayDate(dateFromToday(52))}.`,
    ]);
    expect((await block('audi-a4', 43, 49)).status).toBe(201);

    const cases: [number, number, string][] = [
      [-1, 2, BLOCK_MESSAGES.startPast],
      [5, 4, BLOCK_MESSAGES.endBeforeStart],
      [60, 240, BLOCK_MESSAGES.tooLong],
    ];
    for (const [start, end, message] of cases) {
      const answer = await block('audi-a4', start, end);
      expect([start, end, answer.status, answer.message]).toEqual([start, end, 400, message]);
    }
    expect((await block('audi-a4', 60, 239)).status).toBe(201);
    const bad = await subject.call('POST', '/api/operator/vehicles/audi-a4/blocks', {
      headers: auth,
      body: { start_date: '2026-02-30', end_date: '2026-03-01', reason: 'maintenance' },
    });
    expect([bad.status, bad.message]).toEqual([400, notIsoDate('start_date')]);
    expect((await block('audi-a4', 300, 301, { reason: 'holiday' })).status).toBe(400);
    expect((await block('no-such-car', 300, 301)).status).toBe(404);
  });

  it('refuses a block over a rental that is picked up (running), in the app and in the database', async () => {
    expect((await book('kia-carnival', 0, 3)).status).toBe(201);
    const bookings = await subject.call('GET', '/api/operator/bookings?vehicle=kia-carnival', { headers: auth });
    const [rental] = (bookings.body as BookingList).items;
    const moved = await subject.call('POST', `/api/operator/bookings/${rental?.id}/stage`, {
      headers: auth,
      body: { to: 'picked_up' },
    });
    expect(moved.body).toMatchObject({ id: rental?.id, stage: 'picked_up' });

    const overRunning = await block('kia-carnival', 3, 5);
    expect([overRunning.status, overRunning.message]).toEqual([
      409,
      blockClashMessage({ rentalId: rental?.id, start_date: dateFromToday(0), end_date: dateFromToday(3) }),
    ]);
    const { id: vehicleId } = await subject.app.db
      .selectFrom('vehicles')
      .select('id')
      .where('slug', '=', 'kia-carnival')
      .executeTakeFirstOrThrow();
    const withoutTheApp = await failureOf(
      subject.app.db
        .insertInto('vehicle_blocks')
        .values({
          vehicle_id: vehicleId,
          start_date: dateFromToday(1),
          end_date: dateFromToday(1),
          reason: 'other',
          note: '',
          created_by: 'test',
        })
        .execute(),
    );
    expect(isBlockOverlapViolation(withoutTheApp)).toBe(true);
    expect((await block('kia-carnival', 4, 5)).status).toBe(201);
  });

  it('removes a block: its days are free again; an unknown block is 404', async () => {
    const added = (await block('jaguar-xe', 70, 71)).body as Block;
    expect((await book('jaguar-xe', 70, 70)).status).toBe(409);
    const removed = await subject.call('DELETE', `/api/operator/vehicles/jaguar-xe/blocks/${added.id}`, {
      headers: auth,
    });
    expect(removed.status).toBe(200);
    expect(((await subject.call('GET', '/api/vehicles/jaguar-xe')).body as VehicleDetail).booked).toEqual([]);
    expect((await book('jaguar-xe', 70, 70)).status).toBe(201);
    const admin = await createStaff(subject.app, 'admin');
    const audit = await subject.call('GET', '/api/operator/audit', { headers: admin.auth });
    expect((audit.body as { items: unknown[] }).items.slice(0, 2)).toEqual([
      expect.objectContaining({
        actor: operatorEmail,
        action: 'block.removed',
        subject: 'vehicle:jaguar-xe',
        before: expect.objectContaining({ id: added.id, start_date: dateFromToday(70) }),
        after: null,
      }),
      expect.objectContaining({
        action: 'block.added',
        before: null,
        after: expect.objectContaining({ id: added.id }),
      }),
    ]);
    const again = await subject.call('DELETE', `/api/operator/vehicles/jaguar-xe/blocks/${added.id}`, {
      headers: auth,
    });
    expect([again.status, again.message]).toEqual([404, NO_SUCH_BLOCK]);
    // Another car's block is not this car's.
    const other = (await block('audi-a8', 70, 71)).body as Block;
    expect(
      (await subject.call('DELETE', `/api/operator/vehicles/jaguar-xe/blocks/${other.id}`, { headers: auth })).status,
    ).toBe(404);
  });

  it('gives a block and a booking for the same days, sent at once, exactly one winner (20 races)', async () => {
    for (let round = 0; round < 20; round += 1) {
      const start = 80 + round * 3;
      const [blocked, booked] = await Promise.all([
        block('bmw-x5', start, start + 1),
        book('bmw-x5', start + 1, start + 2),
      ]);
      expect([round, [blocked.status, booked.status].sort()]).toEqual([round, [201, 409]]);
    }
    const { count } = await subject.app.db
      .selectFrom('vehicle_blocks')
      .innerJoin('vehicles', 'vehicles.id', 'vehicle_blocks.vehicle_id')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('vehicles.slug', '=', 'bmw-x5')
      .executeTakeFirstOrThrow();
    const rentals = await subject.app.db
      .selectFrom('rentals')
      .innerJoin('vehicles', 'vehicles.id', 'rentals.vehicle_id')
      .select('rentals.id')
      .where('vehicles.slug', '=', 'bmw-x5')
      .execute();
    expect(Number(count) + rentals.length).toBe(20);
  });

  it('is enforced by the database itself: a block over a rental and a rental over a block are refused without the app', async () => {
    const { id: vehicleId } = await subject.app.db
      .selectFrom('vehicles')
      .select('id')
      .where('slug', '=', 'volvo-xc90')
      .executeTakeFirstOrThrow();
    const rider = await createUser(subject.app);
    const rental = {
      ...bookingForm(range(100, 102)),
      age: 30,
      user_id: rider.id,
      vehicle_id: vehicleId,
      days: 3,
      total_price: 3000,
      stage: 'confirmed' as const,
    };
    await subject.app.db.insertInto('rentals').values(rental).execute();
    const blockRow = { vehicle_id: vehicleId, reason: 'other' as const, note: '', created_by: 'test' };
    const overRental = await failureOf(
      subject.app.db
        .insertInto('vehicle_blocks')
        .values({ ...blockRow, start_date: dateFromToday(102), end_date: dateFromToday(103) })
        .execute(),
    );
    expect(isBlockOverlapViolation(overRental)).toBe(true);
    await subject.app.db
      .insertInto('vehicle_blocks')
      .values({ ...blockRow, start_date: dateFromToday(104), end_date: dateFromToday(106) })
      .execute();
    const overBlock = await failureOf(
      subject.app.db
        .insertInto('rentals')
        .values({ ...rental, ...range(106, 107), days: 2 })
        .execute(),
    );
    expect(isOverlapViolation(overBlock)).toBe(true);
    const blockOverBlock = await failureOf(
      subject.app.db
        .insertInto('vehicle_blocks')
        .values({ ...blockRow, start_date: dateFromToday(105), end_date: dateFromToday(105) })
        .execute(),
    );
    expect(isBlockOverlapViolation(blockOverBlock)).toBe(true);
    // A cancelled rental holds nothing: a block may take its days.
    await subject.app.db
      .updateTable('rentals')
      .set({ stage: 'cancelled' })
      .where('vehicle_id', '=', vehicleId)
      .execute();
    await subject.app.db
      .insertInto('vehicle_blocks')
      .values({ ...blockRow, start_date: dateFromToday(100), end_date: dateFromToday(101) })
      .execute();
  });
});
