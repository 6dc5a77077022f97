import type { Vehicle, VehicleDetail } from '@rentora/shared';
import { ENGINES, type TestApp, createTestApp } from '../../../testing/test-app';

// Whole-app tests with scrypt hashing and fresh databases: slow on a busy 2-core machine.
jest.setTimeout(30_000);

describe.each(ENGINES)('vehicles on %s', (engine) => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp(engine);
  });
  afterAll(() => subject.close());

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

  it('answers 404 JSON for an unknown API route, with security headers and a request id', async () => {
    const response = await subject.call('GET', '/api/nothing-here', { headers: { 'x-request-id': 'abc-123' } });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'There is no such API route.' });
    expect(response.headers.get('x-request-id')).toBe('abc-123');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
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
