import { createTestApp } from '../../../testing/test-app';
import { describeEachEngine } from '../../../testing/describe-engines';

// Whole-app tests with scrypt hashing and fresh databases: slow on a busy 2-core machine.
jest.setTimeout(30_000);

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
}

describeEachEngine('operations on %s', (subject) => {
  it('answers health and readiness', async () => {
    expect((await subject.call('GET', '/api/health')).body).toEqual({ message: 'ok' });
    expect((await subject.call('GET', '/api/ready')).body).toEqual({ message: 'ready' });
  });

  it('publishes an OpenAPI document of every route with its answers', async () => {
    const { status, body } = await subject.call('GET', '/api/openapi.json');
    expect(status).toBe(200);
    const document = body as OpenApiDocument;
    expect(document.openapi).toMatch(/^3\./);
    const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(
        ([method, operation]) => `${method.toUpperCase()} ${path} ${Object.keys(operation.responses).join(',')}`,
      ),
    );
    expect(routes.sort()).toEqual([
      'DELETE /api/operator/vehicles/{vehicleId}/blocks/{blockId} 200,400,401,403,404,500,503',
      'GET /api/add-ons 200,500,503',
      'GET /api/events 200,400,404,429,500,503',
      'GET /api/health 200',
      'GET /api/operator/add-ons 200,401,403,500,503',
      'GET /api/operator/audit 200,400,401,403,500,503',
      'GET /api/operator/bookings 200,400,401,403,500,503',
      'GET /api/operator/bookings/{id}/history 200,400,401,403,404,500,503',
      'GET /api/operator/payments 200,400,401,403,500,503',
      'GET /api/operator/settings 200,401,403,500,503',
      'GET /api/operator/users 200,401,403,500,503',
      'GET /api/operator/vehicles 200,400,401,403,500,503',
      'GET /api/operator/vehicles/{vehicleId}/blocks 200,401,403,404,500,503',
      'GET /api/quotes 200,400,404,429,500,503',
      'GET /api/ready 200,503',
      'GET /api/rentals 200,401,500,503',
      'GET /api/rentals/{id}/cancellation 200,400,401,404,409,500,503',
      'GET /api/rentals/{id}/change 200,400,401,404,409,429,500,503',
      'GET /api/rentals/{id}/credit-notes/{note} 200,400,401,404,500,503',
      'GET /api/rentals/{id}/credit-notes/{note}.pdf 200,304,400,401,404,429,500,503',
      'GET /api/rentals/{id}/invoice 200,400,401,404,500,503',
      'GET /api/rentals/{id}/invoice.pdf 200,304,400,401,404,429,500,503',
      'GET /api/user 200,401,500,503',
      'GET /api/vehicles 200,304,400,500,503',
      'GET /api/vehicles/{vehicleId} 200,404,500,503',
      'GET /api/vehicles/{vehicleId}/prices 200,404,500,503',
      'PATCH /api/operator/add-ons/{id} 200,400,401,403,404,415,500,503',
      'PATCH /api/operator/vehicles/{vehicleId} 200,400,401,403,404,409,415,500,503',
      'POST /api/book-ride/{vehicleId} 201,400,401,404,409,415,422,429,500,503',
      'POST /api/cancel-ride/{carId} 200,401,404,409,429,500,503',
      'POST /api/operator/add-ons 201,400,401,403,415,500,503',
      'POST /api/operator/bookings/{id}/credit-notes 201,400,401,403,404,409,415,500,503',
      'POST /api/operator/bookings/{id}/payments 201,400,401,403,404,409,415,422,500,503',
      'POST /api/operator/bookings/{id}/stage 200,400,401,403,404,409,415,500,503',
      'POST /api/operator/vehicles 201,400,401,403,409,415,500,503',
      'POST /api/operator/vehicles/{vehicleId}/blocks 201,400,401,403,404,409,415,500,503',
      'POST /api/payments/webhook 200,400,415,500,503',
      'POST /api/payments/{id}/verify 200,400,401,404,409,415,422,429,500,503',
      'POST /api/quotes 200,400,404,409,415,429,500,503',
      'POST /api/rentals/{id}/change 200,400,401,404,409,415,422,429,500,503',
      'POST /api/rentals/{id}/payment 200,400,401,404,409,429,500,503',
      'POST /api/user/login 200,400,401,415,429,500,503',
      'POST /api/user/logout 200,401,500,503',
      'POST /api/user/logout-everywhere 200,401,500,503',
      'POST /api/user/register 201,400,409,415,429,500,503',
      'PUT /api/operator/settings 200,400,401,403,415,500,503',
      'PUT /api/operator/users/{email}/role 200,400,401,403,404,409,415,500,503',
    ]);
  });
});

describe('readiness without a database', () => {
  it('answers 503 with a message and no detail', async () => {
    const subject = await createTestApp('sqlite');
    try {
      await subject.app.db.destroy();
      const response = await subject.call('GET', '/api/ready');
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ message: 'The database is not reachable.' });
    } finally {
      await subject.close();
    }
  });
});
