import type { Vehicle, VehicleDetail } from '@rentora/shared';
import { vehicleSchema } from '@rentora/shared/schemas';
import { describeEachEngine } from '../../../testing/describe-engines';

// Whole-app tests with scrypt hashing and fresh databases: slow on a busy 2-core machine.
jest.setTimeout(30_000);

describeEachEngine('vehicles on %s', (subject) => {
  it('lists the whole fleet by id with every field typed', async () => {
    const response = await subject.call('GET', '/api/vehicles');
    expect(response.status).toBe(200);
    const vehicles = response.body as Vehicle[];
    expect(vehicles).toHaveLength(46);
    expect(vehicles.map((vehicle) => vehicle.id)).toEqual(Array.from({ length: 46 }, (_, index) => index + 1));
    expect(new Set(vehicles.map((vehicle) => vehicle._id)).size).toBe(46);
    expect(vehicles.filter((vehicle) => !vehicle.availability)).toHaveLength(3);
    expect(vehicles[0]).toMatchObject({
      _id: 'mercedes-benz-s-class',
      car_name: 'Mercedes Benz S Class',
      price_per_day: 25000,
      customer_ratings: 4.9,
      availability: true,
      model_year: 2021,
    });
  });

  it('lists only cars whose id and photo have the shapes the vehicle schema requires', async () => {
    const vehicles = (await subject.call('GET', '/api/vehicles')).body as Vehicle[];
    const idShape = new RegExp(vehicleSchema.properties._id.pattern);
    const photoShape = new RegExp(vehicleSchema.properties.image_url.pattern);
    expect(vehicles.filter((vehicle) => !idShape.test(vehicle._id) || !photoShape.test(vehicle.image_url))).toEqual([]);
    expect(['Audi Q7', 'audi/q7', 'audi-q7?', 'audi--q7', '-audi'].filter((id) => idShape.test(id))).toEqual([]);
    expect(
      [
        'http://images.example.com/car.jpg',
        'javascript:alert(1)',
        'https://images.example.com/a car.jpg',
        'https://images.example.com/car.jpg 2x',
        'https://images.example.com/a,b.jpg',
      ].filter((url) => photoShape.test(url)),
    ).toEqual([]);
  });

  it('answers one car with the dates already booked', async () => {
    const response = await subject.call('GET', '/api/vehicles/jaguar-f-type');
    expect(response.status).toBe(200);
    const vehicle = response.body as VehicleDetail;
    expect(vehicle).toMatchObject({ _id: 'jaguar-f-type', id: 2, car_name: 'Jaguar F-Type', booked: [] });
    // Public, so a page's preloaded fetch can be reused; asked again before any other use.
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it.each(['no-such-car', '1', 'Jaguar F-Type', "x' OR 1=1 --", 'ü'.repeat(300), '%00', '__proto__'])(
    'answers 404 JSON for the id %j',
    async (id) => {
      const response = await subject.call('GET', `/api/vehicles/${encodeURIComponent(id)}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'This car does not exist.' });
    },
  );

  it.each(
    ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].flatMap((method) =>
      ['/api/nothing-here', '/api/vehicles/audi-q7/extra', '/api'].map((path) => [method, path]),
    ),
  )('answers %s %s with the API’s JSON 404, its headers and a request id', async (method, path) => {
    const response = await subject.call(method, path, { headers: { 'x-request-id': 'abc-123' } });
    expect(response.status).toBe(404);
    if (method !== 'HEAD') expect(response.body).toEqual({ message: 'There is no such API route.' });
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'x-request-id': 'abc-123',
    });
  });

  it('names the business time zone with every fleet answer, so pages count "today" as the API does', async () => {
    const etag = (await subject.call('GET', '/api/vehicles')).headers.get('etag') ?? '';
    const answers = [
      await subject.call('GET', '/api/vehicles'),
      await subject.call('GET', '/api/vehicles', { headers: { 'if-none-match': etag } }),
      await subject.call('GET', '/api/vehicles?location=Goa'),
      await subject.call('GET', '/api/vehicles/audi-q7'),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 304, 200, 200]);
    expect(answers.map((answer) => answer.headers.get('business-time-zone'))).toEqual(Array(4).fill('Asia/Kolkata'));
  });

  it('sends the security headers an API answer needs, and no HTML-only ones', async () => {
    const response = await subject.call('GET', '/api/vehicles');
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'strict-transport-security': expect.stringMatching(/^max-age=\d+/),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection']) {
      expect(response.headers.has(documentOnly)).toBe(false);
    }
  });
});

describeEachEngine(
  'a business time zone far from India on %s',
  (subject) => {
    it('is the one the fleet answers name', async () => {
      const answer = await subject.call('GET', '/api/vehicles/audi-q7');
      expect(answer.headers.get('business-time-zone')).toBe('Pacific/Kiritimati');
    });
  },
  { businessTimeZone: 'Pacific/Kiritimati' },
);
