import type { Vehicle, VehicleDetail } from '@rentora/shared';
import type {
  NewVehicle,
  OperatorVehicle,
  VehicleConflict,
  VehicleList,
  VehicleStatus,
} from '@rentora/shared/operator';
import { formatDisplayDate } from '@rentora/shared/format';
import { photoHostMessage } from '@rentora/shared/rules';
import { STAFF_ONLY } from '../../../../plugins/app/auth';
import { describeEachEngine } from '../../../../testing/describe-engines';
import { bookingForm, createStaff, createUser, dateFromToday, newCar } from '../../../../testing/test-app';
import {
  NOTHING_TO_CHANGE,
  RETIRED_IS_FINAL,
  illegalMove,
  plateTakenMessage,
} from '../../../../services/fleet-operations';

jest.setTimeout(30_000);

describeEachEngine('operator vehicles on %s', (subject) => {
  let auth: { authorization: string };
  let operatorEmail: string;
  beforeAll(async () => {
    const operator = await createStaff(subject.app, 'operator');
    auth = operator.auth;
    operatorEmail = operator.email;
  });
  const create = (body: unknown) => subject.call('POST', '/api/operator/vehicles', { headers: auth, body });
  const patch = (id: string, body: unknown) =>
    subject.call('PATCH', `/api/operator/vehicles/${id}`, { headers: auth, body });
  const publicIds = async () =>
    ((await subject.call('GET', '/api/vehicles')).body as Vehicle[]).map((vehicle) => vehicle._id);

  it.each([
    ['GET', '/api/operator/vehicles'],
    ['POST', '/api/operator/vehicles'],
    ['PATCH', '/api/operator/vehicles/audi-q7'],
  ])('answers %s %s 401 without a token and 403 for a customer', async (method, url) => {
    const body = method === 'GET' ? undefined : newCar();
    expect((await subject.call(method, url, { body })).status).toBe(401);
    const rider = await createUser(subject.app);
    const answer = await subject.call(method, url, { headers: rider.auth, body });
    expect([answer.status, answer.message]).toEqual([403, STAFF_ONLY]);
  });

  it('adds a car in service with an _id from its name; it is listed publicly at once; a second one gets its own _id', async () => {
    expect(await publicIds()).not.toContain('tata-harrier-ev');
    const created = await create(newCar());
    expect(created.status).toBe(201);
    const car = created.body as OperatorVehicle;
    expect(car).toMatchObject({
      _id: 'tata-harrier-ev',
      id: 47,
      status: 'in_service',
      availability: true,
      license_plate: 'MH12AB1234',
      out_of_service_until: null,
      updated_by: operatorEmail,
    });
    expect(car.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // The public fleet cache does not serve the list from before the change.
    expect(await publicIds()).toContain('tata-harrier-ev');
    expect((await subject.call('GET', '/api/vehicles/tata-harrier-ev')).status).toBe(200);

    const twin = await create(newCar({ license_plate: 'MH-12-AB-9999', status: 'draft' }));
    expect(twin.body).toMatchObject({ _id: 'tata-harrier-ev-2', id: 48, status: 'draft', availability: false });

    const renamed = await patch('tata-harrier-ev', { car_name: 'Tata Harrier EV Empowered', price_per_day: 9500 });
    expect(renamed.body).toMatchObject({ _id: 'tata-harrier-ev', car_name: 'Tata Harrier EV Empowered' });
    const detail = (await subject.call('GET', '/api/vehicles/tata-harrier-ev')).body as VehicleDetail;
    expect(detail).toMatchObject({ car_name: 'Tata Harrier EV Empowered', price_per_day: 9500 });
  });

  it('refuses a duplicate plate however it is written (409) and fields the shared schema refuses (400, naming the field)', async () => {
    await create(newCar({ car_name: 'Plate Holder', license_plate: 'KA 01 XY 0001' }));
    const duplicate = await create(newCar({ car_name: 'Plate Copier', license_plate: 'ka-01-xy-0001' }));
    expect([duplicate.status, duplicate.message]).toEqual([409, plateTakenMessage('KA01XY0001')]);
    const onPatch = await patch('audi-q7', { license_plate: 'KA01XY0001' });
    expect([onPatch.status, onPatch.message]).toEqual([409, plateTakenMessage('KA01XY0001')]);

    const cases: [Partial<Record<keyof NewVehicle, unknown>>, string][] = [
      [{ image_url: 'http://images.example.com/car.jpg' }, 'image_url is not in the expected form.'],
      [{ image_url: 'https://images.example.com/a,b.jpg' }, 'image_url is not in the expected form.'],
      [{ car_type: 'Truck' }, 'car_type must be equal to one of the allowed values.'],
      [{ price_per_day: 0 }, 'price_per_day must be >= 1.'],
      [{ customer_ratings: 6 }, 'customer_ratings must be <= 5.'],
      [{ car_name: '   ' }, 'car_name is not in the expected form.'],
      [{ license_plate: 'MH12 AB!' }, 'license_plate is not in the expected form.'],
      [{ status: 'retired' }, 'status must be equal to one of the allowed values.'],
    ];
    for (const [fields, message] of cases) {
      const answer = await create({ ...newCar({ license_plate: 'NEW 1' }), ...fields });
      expect([fields, answer.status, answer.message]).toEqual([fields, 400, message]);
    }
    const withoutPlate: Partial<NewVehicle> = newCar();
    delete withoutPlate.license_plate;
    expect((await create(withoutPlate)).message).toBe('license_plate is required.');
    expect((await patch('audi-q7', {})).status).toBe(400);
    // Fields that are not the request's are dropped, as everywhere in the API: `_id` never changes,
    // and a request left with nothing to change (a reason alone included) says so and writes nothing.
    const audited = async () =>
      (
        await subject.app.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const entriesBefore = await audited();
    for (const body of [{ _id: 'new-id' }, { reason: 'No reason.' }, { cancel_upcoming: true }]) {
      expect([body, await patch('audi-q7', body)]).toMatchObject([body, { status: 400, message: NOTHING_TO_CHANGE }]);
    }
    expect(await audited()).toBe(entriesBefore);
    expect((await subject.call('GET', '/api/vehicles/audi-q7')).status).toBe(200);
  });

  it('takes a photo only from the hosts the site shows (images.pexels.com by default), keeping one stored before', async () => {
    const refusal = photoHostMessage(['images.pexels.com']);
    const elsewhere = [
      'https://127.0.0.1/car.jpg',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/car.jpg',
      'https://images.example.com/car.jpg',
      'https://images.pexels.com.example.com/car.jpg',
      'https://images.pexels.com:8443/car.jpg',
      'https://someone@images.pexels.com/car.jpg',
    ];
    for (const imageUrl of elsewhere) {
      const created = await create(newCar({ car_name: 'Photo Elsewhere', license_plate: 'PH 1', image_url: imageUrl }));
      expect([imageUrl, created.status, created.message]).toEqual([imageUrl, 400, refusal]);
      const changed = await patch('audi-a4', { image_url: imageUrl });
      expect([imageUrl, changed.status, changed.message]).toEqual([imageUrl, 400, refusal]);
    }
    expect((await subject.call('GET', '/api/vehicles/audi-a4')).body).toMatchObject({
      image_url: expect.stringMatching(/^https:\/\/images\.pexels\.com\//),
    });
    const onTheCdn = 'https://images.pexels.com/photos/1/pexels-photo-1.jpeg';
    expect((await patch('audi-a4', { image_url: onTheCdn })).body).toMatchObject({ image_url: onTheCdn });

    // A photo stored before this rule (or before its host left PHOTO_HOSTS) does not stop other edits.
    await subject.app.db
      .updateTable('vehicles')
      .set({ image_url: elsewhere[3] })
      .where('slug', '=', 'audi-a4')
      .execute();
    const edited = await patch('audi-a4', { image_url: elsewhere[3], location: 'Goa' });
    expect(edited.body).toMatchObject({ image_url: elsewhere[3], location: 'Goa' });
  });

  it('moves statuses only as allowed, with public effects at once', async () => {
    const draft = (await create(newCar({ car_name: 'Lifecycle Car', license_plate: 'LC 1', status: 'draft' })))
      .body as OperatorVehicle;
    const id = draft._id;
    expect(await publicIds()).not.toContain(id);
    expect((await subject.call('GET', `/api/vehicles/${id}`)).status).toBe(404);

    const refused = await patch(id, { status: 'out_of_service' });
    expect([refused.status, refused.message]).toEqual([409, illegalMove('draft', 'out_of_service')]);

    expect((await patch(id, { status: 'in_service' })).status).toBe(200);
    const listed = async () =>
      ((await subject.call('GET', '/api/vehicles')).body as Vehicle[]).find((vehicle) => vehicle._id === id);
    expect(await listed()).toMatchObject({ availability: true });

    const until = dateFromToday(5);
    const out = await patch(id, { status: 'out_of_service', out_of_service_until: until });
    expect(out.body).toMatchObject({ status: 'out_of_service', out_of_service_until: until, availability: false });
    expect(await listed()).toMatchObject({ availability: false });
    expect((await subject.call('GET', `/api/vehicles/${id}`)).status).toBe(200);
    const dated = await subject.call(
      'GET',
      `/api/vehicles?pick_up_date=${dateFromToday(1)}&drop_off_date=${dateFromToday(2)}`,
    );
    expect((dated.body as Vehicle[]).map((vehicle) => vehicle._id)).not.toContain(id);

    const back = await patch(id, { status: 'in_service' });
    expect(back.body).toMatchObject({ status: 'in_service', out_of_service_until: null });
    expect((await patch(id, { out_of_service_until: until })).status).toBe(409);
    expect((await patch(id, { status: 'draft' })).message).toBe(illegalMove('in_service', 'draft'));

    expect((await patch(id, { status: 'retired' })).body).toMatchObject({ status: 'retired' });
    expect(await publicIds()).not.toContain(id);
    expect((await subject.call('GET', `/api/vehicles/${id}`)).status).toBe(404);
    for (const change of [{ status: 'in_service' }, { status: 'out_of_service' }, { price_per_day: 1 }]) {
      const answer = await patch(id, change);
      expect([change, answer.status, answer.message]).toEqual([change, 409, RETIRED_IS_FINAL]);
    }
    // Never deleted: the operator still lists it.
    const retired = await subject.call('GET', '/api/operator/vehicles?status=retired', { headers: auth });
    expect((retired.body as VehicleList).items.map((vehicle) => vehicle._id)).toContain(id);
    expect((await patch('no-such-car', { price_per_day: 1 })).status).toBe(404);
  });

  it('makes every allowed status move and refuses every other one with 409 and a message', async () => {
    const allStatuses: VehicleStatus[] = ['draft', 'in_service', 'out_of_service', 'retired'];
    const allowed: Record<VehicleStatus, VehicleStatus[]> = {
      draft: ['in_service', 'retired'],
      in_service: ['out_of_service', 'retired'],
      out_of_service: ['in_service', 'retired'],
      retired: [],
    };
    /** A new car (with no rentals) brought to `status` by allowed moves. */
    let made = 0;
    const carAt = async (status: VehicleStatus) => {
      made += 1;
      const start = status === 'draft' ? 'draft' : 'in_service';
      const car = (await create(newCar({ car_name: `Move Car ${made}`, license_plate: `MV ${made}`, status: start })))
        .body as OperatorVehicle;
      if (status === 'out_of_service' || status === 'retired') {
        expect((await patch(car._id, { status })).status).toBe(200);
      }
      return car._id;
    };
    for (const from of allStatuses) {
      for (const to of allStatuses.filter((status) => status !== from)) {
        const id = await carAt(from);
        const answer = await patch(id, { status: to });
        if (allowed[from].includes(to)) {
          expect([from, to, answer.status, (answer.body as OperatorVehicle).status]).toEqual([from, to, 200, to]);
        } else {
          const message = from === 'retired' ? RETIRED_IS_FINAL : illegalMove(from, to);
          expect([from, to, answer.status, answer.message]).toEqual([from, to, 409, message]);
        }
      }
    }
  });

  it('refuses taking a car off the road over upcoming rentals, naming and listing them; cancel_upcoming cancels them with history', async () => {
    const book = async (range: { pick_up_date: string; drop_off_date: string }) => {
      const rider = await createUser(subject.app);
      const booked = await subject.call('POST', '/api/book-ride/toyota-camry', {
        headers: rider.auth,
        body: bookingForm(range),
      });
      expect(booked.status).toBe(201);
      const { id } = await subject.app.db
        .selectFrom('rentals')
        .select('id')
        .where('user_id', '=', rider.id)
        .executeTakeFirstOrThrow();
      return { rider, id };
    };
    const later = { pick_up_date: dateFromToday(20), drop_off_date: dateFromToday(22) };
    const sooner = { pick_up_date: dateFromToday(14), drop_off_date: dateFromToday(15) };
    const { rider, id: rentalId } = await book(later);
    const { rider: otherRider, id: soonerId } = await book(sooner);
    await subject.app.db.updateTable('users').set({ name: 'Meera Iyer' }).where('id', '=', otherRider.id).execute();

    for (const status of ['out_of_service', 'retired'] as const) {
      const refused = await patch('toyota-camry', { status });
      expect([refused.status, refused.message]).toEqual([
        409,
        `This car has upcoming rentals: #${soonerId} (${formatDisplayDate(sooner.pick_up_date)} to ${formatDisplayDate(sooner.drop_off_date)}), #${rentalId} (${formatDisplayDate(later.pick_up_date)} to ${formatDisplayDate(later.drop_off_date)}). Send "cancel_upcoming": true to cancel them.`,
      ]);
      expect((refused.body as VehicleConflict).upcoming_rentals).toEqual([
        { id: soonerId, ...sooner, customer: 'Meera Iyer' },
        { id: rentalId, ...later, customer: 'Test Rider' },
      ]);
    }
    const otherConflict = await patch('toyota-camry', { status: 'draft' });
    expect(otherConflict.status).toBe(409);
    expect(otherConflict.body).toEqual({ message: illegalMove('in_service', 'draft') });
    const moved = await patch('toyota-camry', {
      status: 'out_of_service',
      cancel_upcoming: true,
      reason: '  Gearbox fault.  ',
    });
    expect(moved.body).toMatchObject({ status: 'out_of_service' });
    const audited = await subject.app.db
      .selectFrom('audit_log')
      .select('after')
      .where('subject', '=', 'vehicle:toyota-camry')
      .where('action', '=', 'vehicle.status_changed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audited.after))).toMatchObject({ status: 'out_of_service', reason: 'Gearbox fault.' });
    const profile = await subject.call('GET', '/api/user', { headers: rider.auth });
    expect(profile.body).toMatchObject({ cars_rented: [{ car: { _id: 'toyota-camry' }, status: 'cancelled' }] });
    const history = await subject.app.db
      .selectFrom('rental_stage_changes')
      .select(['from_stage', 'to_stage', 'changed_by', 'reason'])
      .where('rental_id', '=', rentalId)
      .execute();
    expect(history).toEqual([
      {
        from_stage: 'confirmed',
        to_stage: 'cancelled',
        changed_by: operatorEmail,
        reason: 'The car was taken out of service. Gearbox fault.',
      },
    ]);
    expect((await patch('toyota-camry', { status: 'in_service' })).status).toBe(200);
  });

  it('refuses retiring a car out on a rental, naming the rental and its return date; out of service stays allowed and the rental goes on', async () => {
    const rider = await createUser(subject.app);
    const range = { pick_up_date: dateFromToday(0), drop_off_date: dateFromToday(3) };
    expect(
      (await subject.call('POST', '/api/book-ride/kia-carnival', { headers: rider.auth, body: bookingForm(range) }))
        .status,
    ).toBe(201);
    const { id } = await subject.app.db
      .selectFrom('rentals')
      .select('id')
      .where('user_id', '=', rider.id)
      .executeTakeFirstOrThrow();
    const pickUp = await subject.call('POST', `/api/operator/bookings/${id}/stage`, {
      headers: auth,
      body: { to: 'picked_up', reason: 'Keys handed over' },
    });
    expect(pickUp.status).toBe(200);

    const onTheRoad = `This car is out on rental #${id}, due back on ${formatDisplayDate(range.drop_off_date)}. Retire it once that rental is completed; taking it out of service stops new bookings meanwhile.`;
    for (const body of [{ status: 'retired' }, { status: 'retired', cancel_upcoming: true }]) {
      const refused = await patch('kia-carnival', body);
      expect([refused.status, refused.body]).toEqual([409, { message: onTheRoad }]);
    }
    expect((await patch('kia-carnival', { status: 'out_of_service' })).body).toMatchObject({
      status: 'out_of_service',
    });
    expect((await patch('kia-carnival', { status: 'retired' })).body).toEqual({ message: onTheRoad });
    expect((await subject.call('GET', '/api/user', { headers: rider.auth })).body).toMatchObject({
      cars_rented: [{ car: { _id: 'kia-carnival' }, status: 'in_progress' }],
    });

    // Once the car is back, it may be retired.
    const completed = await subject.call('POST', `/api/operator/bookings/${id}/stage`, {
      headers: auth,
      body: { to: 'completed', reason: 'Returned' },
    });
    expect(completed.status).toBe(200);
    expect((await patch('kia-carnival', { status: 'retired' })).body).toMatchObject({ status: 'retired' });
  });

  it('lists every car with filters, sorting and paging done by the database', async () => {
    const list = async (query: string) =>
      (await subject.call('GET', `/api/operator/vehicles?${query}`, { headers: auth })).body as VehicleList;
    const all = await list('per_page=100');
    expect(all.total).toBeGreaterThanOrEqual(46);
    expect(all.items.map((vehicle) => vehicle.id)).toEqual(
      [...all.items.map((vehicle) => vehicle.id)].sort((a, b) => a - b),
    );

    const goa = await list('location=GOA&sort=price_per_day&order=desc');
    expect(goa.items.length).toBeGreaterThan(0);
    expect(goa.items.every((vehicle) => vehicle.location === 'Goa')).toBe(true);
    const prices = goa.items.map((vehicle) => vehicle.price_per_day);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    const paged = await list('per_page=5&page=2');
    expect(paged.items.map((vehicle) => vehicle.id)).toEqual(all.items.slice(5, 10).map((vehicle) => vehicle.id));
    expect(paged.total).toBe(all.total);

    expect((await list('q=range%20rover')).items.map((vehicle) => vehicle._id)).toContain('land-rover-range-rover');
    expect((await list('q=SEED1')).items.map((vehicle) => vehicle.license_plate)).toContain('SEED1');
    expect((await list('q=%25')).total).toBe(0);
    const outOfService = await list('status=out_of_service');
    expect(outOfService.items.every((vehicle) => vehicle.status === 'out_of_service')).toBe(true);

    for (const bad of ['page=0', 'per_page=101', 'sort=secret', 'status=gone', 'order=up']) {
      const answer = await subject.call('GET', `/api/operator/vehicles?${bad}`, { headers: auth });
      expect([bad, answer.status]).toEqual([bad, 400]);
    }
  });

  it('audits every change with who, what, before and after', async () => {
    const admin = await createStaff(subject.app, 'admin');
    await patch('bmw-x1', { price_per_day: 12_345 });
    const audit = await subject.call('GET', '/api/operator/audit', { headers: admin.auth });
    expect((audit.body as { items: unknown[] }).items[0]).toMatchObject({
      actor: operatorEmail,
      action: 'vehicle.updated',
      subject: 'vehicle:bmw-x1',
      before: { price_per_day: expect.any(Number) },
      after: { price_per_day: 12_345 },
    });
  });

  it('leaves a car saved as it is untouched: no write, no audit entry', async () => {
    const entries = async () =>
      Number(
        (
          await subject.app.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const listed = await subject.call('GET', '/api/operator/vehicles?q=Audi%20A4', { headers: auth });
    const car = (listed.body as VehicleList).items.find(({ _id }) => _id === 'audi-a4');
    if (!car) throw new Error('audi-a4 is not listed');
    const before = await entries();
    // The car form sends every field, edited or not; a status may be sent again.
    const { status } = car;
    const fields = Object.fromEntries(
      Object.keys(newCar())
        .filter((key) => key !== 'status')
        .map((key) => [key, car[key as keyof OperatorVehicle]]),
    );
    for (const body of [fields, { status }, { ...fields, status }]) {
      const saved = await patch('audi-a4', body);
      expect([body, saved.status, saved.body]).toEqual([body, 200, car]);
    }
    expect(await entries()).toBe(before);
  });
});

describeEachEngine(
  'photo hosts a deployment adds (PHOTO_HOSTS) on %s',
  (subject) => {
    it('takes a photo on an added host, and still no other', async () => {
      const operator = await createStaff(subject.app, 'operator');
      const create = (imageUrl: string, plate: string) =>
        subject.call('POST', '/api/operator/vehicles', {
          headers: operator.auth,
          body: newCar({ image_url: imageUrl, license_plate: plate }),
        });
      const added = await create('https://cdn.rentora.example.com/cars/harrier.jpg', 'AD 1');
      expect(added.body).toMatchObject({ image_url: 'https://cdn.rentora.example.com/cars/harrier.jpg' });
      const refused = await create('https://images.example.com/harrier.jpg', 'AD 2');
      expect([refused.status, refused.message]).toEqual([
        400,
        'image_url must be an https address on images.pexels.com or cdn.rentora.example.com.',
      ]);
    });
  },
  { photoHosts: ['images.pexels.com', 'cdn.rentora.example.com'] },
);
