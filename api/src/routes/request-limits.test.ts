import { MESSAGES } from '@rentora/shared/rules';
import { type TestApp, bookingForm, createTestApp, createUser } from '../testing/test-app';

jest.setTimeout(30_000);

interface Operation {
  parameters?: { in: string; name: string; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
}

/** Every string in a schema, with where it sits, and whether it is capped. */
function strings(schema: unknown, where: string): { where: string; capped: boolean }[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Record<string, unknown>;
  const own = node.type === 'string' ? [{ where, capped: typeof node.maxLength === 'number' }] : [];
  const properties = Object.entries((node.properties ?? {}) as Record<string, unknown>).flatMap(([name, child]) =>
    strings(child, `${where}.${name}`),
  );
  const variants = ((node.anyOf ?? []) as unknown[]).flatMap((child, index) => strings(child, `${where}|${index}`));
  return [...own, ...properties, ...variants];
}

describe('request size limits', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp('sqlite');
  });
  afterAll(() => subject.close());

  it('caps every string a request can carry (path, headers, body) with maxLength', async () => {
    const document = (await subject.call('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, Operation>>;
    };
    const fields = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, operation]) => [
        ...(operation.parameters ?? []).flatMap((parameter) =>
          strings(parameter.schema, `${method} ${path} ${parameter.in}:${parameter.name}`),
        ),
        ...Object.values(operation.requestBody?.content ?? {}).flatMap((body) =>
          strings(body.schema, `${method} ${path} body`),
        ),
      ]),
    );
    expect(fields.length).toBeGreaterThan(15);
    expect(fields.filter((field) => !field.capped).map((field) => field.where)).toEqual([]);
  });

  it('refuses an over-long field with the form’s own message', async () => {
    const rider = await createUser(subject.app);
    const booking = await subject.call('POST', '/api/book-ride/audi-q7', {
      headers: rider.auth,
      body: bookingForm({ address: 'x'.repeat(501) }),
    });
    expect(booking.status).toBe(400);
    expect(booking.message).toBe(MESSAGES.invalidBookingForm);

    const login = await subject.call('POST', '/api/user/login', {
      body: { email: `${'a'.repeat(320)}@example.com`, password: 'correct-horse-battery' },
    });
    expect(login.status).toBe(400);
    expect(login.message).toBe('Please fill out every field.');
  });
});
