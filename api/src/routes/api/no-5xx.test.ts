import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@rentora/shared/rules';
import { describeEachEngine } from '../../testing/describe-engines';
import { TEST_PASSWORD, bookingForm, createStaff, dateFromToday, newCar } from '../../testing/test-app';

// Thousands of requests per engine on a busy 2-core machine.
jest.setTimeout(120_000);

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  anyOf?: Schema[];
}

interface Operation {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

/** One hostile request: everything but the host, exactly as it goes on the wire. */
interface Probe {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

interface Reply {
  status: number;
  contentType: string;
  text: string;
}

/** Path parameter values that reach the code behind the route (a real car, a small id). */
const PLAUSIBLE_PATH_VALUES: Record<string, string> = { vehicleId: 'audi-q7', carId: 'audi-q7' };
const plausiblePathValue = (name: string) => PLAUSIBLE_PATH_VALUES[name] ?? '1';

/** As sent in a path or a query: already percent-encoded, or deliberately not decodable. */
const HOSTILE_URL_VALUES = [
  '',
  '%00',
  'a%00b',
  '%F0%9F%9A%97%E2%80%AE%EF%BF%BF',
  '%E0%A4%95%E0%A4%BE%E0%A4%B0',
  '%2F',
  'a%2F..%2Fb',
  '..',
  '.',
  '%2E%2E',
  '%252F',
  '%',
  '%E0%A4%A',
  '%C0%AF',
  '%FF%FE',
  '%20',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  '1e308',
  'NaN',
  'true',
  'null',
  '%5B%5D',
  '%7B%7D',
  "'%20OR%201%3D1--",
  'x'.repeat(2_049),
];
/** Beyond Node's header size limit: answered by Fastify's client error handler. */
const HUGE_URL_VALUE = 'x'.repeat(100_000);

/** What any JSON field may be given instead of what it should be. */
const HOSTILE_JSON_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  -0.000001,
  1e308,
  -1e308,
  2 ** 64,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '🚗\u202e\uffff\ud800',
  '-1',
  '1e3',
  'NaN',
  '2026-02-30',
  '9999-12-31',
  'x'.repeat(10_000),
  'x'.repeat(100_000),
  [],
  ['x'],
  {},
  { $gt: '' },
];

const WHOLE_BODIES: { label: string; contentType?: string; body?: string | Buffer }[] = [
  { label: 'no body' },
  { label: 'no body, JSON content-type', contentType: 'application/json' },
  { label: 'empty JSON body', contentType: 'application/json', body: '' },
  { label: 'invalid JSON', contentType: 'application/json', body: '{"a":' },
  { label: 'JSON null', contentType: 'application/json', body: 'null' },
  { label: 'JSON array', contentType: 'application/json', body: '[]' },
  { label: 'JSON array of objects', contentType: 'application/json', body: '[{}]' },
  { label: 'JSON string', contentType: 'application/json', body: '"x"' },
  { label: 'JSON number', contentType: 'application/json', body: '42' },
  { label: 'deep nesting', contentType: 'application/json', body: `${'['.repeat(5_000)}${']'.repeat(5_000)}` },
  {
    label: 'deep nesting around a NUL',
    contentType: 'application/json',
    body: `${'['.repeat(5_000)}"\\u0000"${']'.repeat(5_000)}`,
  },
  { label: '__proto__', contentType: 'application/json', body: '{"__proto__":{"role":"admin"}}' },
  { label: 'constructor.prototype', contentType: 'application/json', body: '{"constructor":{"prototype":{"x":1}}}' },
  { label: '100 KB JSON', contentType: 'application/json', body: JSON.stringify({ x: 'x'.repeat(100_000) }) },
  { label: 'UTF-16 JSON', contentType: 'application/json; charset=utf-16le', body: Buffer.from('{}', 'utf16le') },
  { label: 'invalid UTF-8', contentType: 'application/json', body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  { label: 'text/plain', contentType: 'text/plain', body: '{}' },
  { label: 'form', contentType: 'application/x-www-form-urlencoded', body: 'a=b&role=admin' },
  { label: 'multipart', contentType: 'multipart/form-data; boundary=x', body: '--x\r\n\r\n--x--' },
  { label: 'XML', contentType: 'application/xml', body: '<a/>' },
  { label: 'malformed content-type', contentType: ';;;/json', body: '{}' },
  { label: 'upper-case content-type', contentType: 'APPLICATION/JSON', body: '{}' },
  { label: 'body without content-type', body: '{}' },
];

const HOSTILE_AUTHORIZATIONS = [
  'Bearer',
  'Bearer x.y.z',
  'Bearer ..',
  `Bearer ${'a'.repeat(8_000)}.b.c`,
  'Basic YWRtaW46YWRtaW4=',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
];

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

/**
 * Valid bodies, so a spoilt field gets past the others and reaches the service and the database.
 * A route not listed starts from `sample`, which only the schema's own checks need to pass.
 */
const VALID_BODIES: Record<string, () => unknown> = {
  'POST /api/book-ride/{vehicleId}': () => bookingForm(),
  'POST /api/user/register': () => ({
    name: 'Hostile Rider',
    email: 'hostile@example.com',
    password: TEST_PASSWORD,
    avatar: 'avatar1',
  }),
  'POST /api/user/login': () => ({ email: 'hostile@example.com', password: TEST_PASSWORD }),
  'POST /api/operator/vehicles': () => newCar({ status: 'draft' }),
  'PATCH /api/operator/vehicles/{vehicleId}': () => ({ description: 'A quiet car.' }),
  'POST /api/operator/vehicles/{vehicleId}/blocks': () => ({
    start_date: dateFromToday(60),
    end_date: dateFromToday(61),
    reason: 'maintenance',
  }),
  'POST /api/operator/bookings/{id}/stage': () => ({ to: 'cancelled', reason: 'Asked to.' }),
  'PUT /api/operator/users/{email}/role': () => ({ role: 'operator' }),
};

/** A value of the schema's type: the start the field-by-field cases each spoil one field of. */
function sample(schema: Schema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum !== undefined) return schema.enum[0];
  if (schema.anyOf?.[0] !== undefined) return sample(schema.anyOf[0]);
  switch (schema.type) {
    case 'string':
      return schema.format === 'date' ? dateFromToday(30) : 'a'.repeat(Math.max(schema.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, child]) => [name, sample(child)]));
    default:
      return null;
  }
}

const fillPath = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_whole, name: string) => values[name] ?? plausiblePathValue(name));

/** Every hostile request for one route and method, in a fixed order. */
function probesFor(template: string, method: string, operation: Operation): Probe[] {
  const parameters = operation.parameters ?? [];
  const pathNames = parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
  const queryNames = parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
  const headerNames = parameters.filter((parameter) => parameter.in === 'header').map((parameter) => parameter.name);
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const path = fillPath(template, {});
  const probe = (label: string, overrides: Partial<Probe> = {}): Probe => ({
    label: `${method} ${template}: ${label}`,
    method,
    path,
    headers: {},
    ...overrides,
  });
  const jsonProbe = (label: string, body: unknown) =>
    probe(label, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const probes: Probe[] = [probe('as is')];

  for (const name of pathNames) {
    for (const value of [...HOSTILE_URL_VALUES, HUGE_URL_VALUE]) {
      probes.push(probe(`path ${name}=${value.slice(0, 40)}`, { path: fillPath(template, { [name]: value }) }));
    }
  }
  // Every route gets an unknown query parameter; the declared ones get every hostile value, and twice.
  for (const name of [...queryNames, 'unknown']) {
    for (const value of [...HOSTILE_URL_VALUES, HUGE_URL_VALUE]) {
      probes.push(probe(`query ${name}=${value.slice(0, 40)}`, { path: `${path}?${name}=${value}` }));
    }
    probes.push(probe(`query ${name} twice`, { path: `${path}?${name}=a&${name}=b` }));
    probes.push(probe(`query ${name} without a value`, { path: `${path}?${name}` }));
    probes.push(probe(`query ${name}[]`, { path: `${path}?${name}[]=a&${name}[x]=b` }));
  }
  for (const name of headerNames) {
    for (const value of ['', 'é', 'x'.repeat(201), 'x'.repeat(10_000)]) {
      probes.push(probe(`header ${name} of ${value.length}`, { headers: { [name]: value } }));
    }
  }
  for (const { label, contentType, body } of WHOLE_BODIES) {
    probes.push(probe(label, { headers: contentType === undefined ? {} : { 'content-type': contentType }, body }));
  }
  if (bodySchema !== undefined) {
    const start = (VALID_BODIES[`${method} ${template}`]?.() ?? sample(bodySchema)) as Record<string, unknown>;
    for (const field of Object.keys(bodySchema.properties ?? {})) {
      const without = Object.fromEntries(Object.entries(start).filter(([name]) => name !== field));
      probes.push(jsonProbe(`body without ${field}`, without));
      HOSTILE_JSON_VALUES.forEach((value, index) => {
        probes.push(jsonProbe(`body ${field} as hostile value #${index}`, { ...start, [field]: value }));
      });
    }
    probes.push(jsonProbe('body in an array', [start]));
    probes.push(
      jsonProbe('body with fields nobody asked for', { ...start, role: 'admin', user_id: 1, stage: 'completed' }),
    );
  }
  for (const authorization of HOSTILE_AUTHORIZATIONS) {
    probes.push(probe(`authorization ${authorization.slice(0, 30)}`, { headers: { authorization } }));
  }
  for (const other of OTHER_METHODS.filter((other) => other !== method)) {
    probes.push({ ...probe(`as ${other}`), method: other });
  }
  return probes;
}

const NO_ANSWER_MS = 5_000;

/** One request on a socket of its own, bytes as given; an event stream is closed once it has started. */
function send(port: number, { method, path, headers, body }: Probe): Promise<Reply> {
  return new Promise((resolve) => {
    // Node sends a GET's body with neither length nor chunking unless told: the server would read it as a next request.
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const options = { host: '127.0.0.1', port, method, path, headers: { ...length, ...headers }, agent: false };
    const request = http.request(options, (response) => {
      const contentType = response.headers['content-type'] ?? '';
      if (contentType.startsWith('text/event-stream')) {
        response.destroy();
        resolve({ status: response.statusCode ?? 0, contentType, text: '' });
        return;
      }
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, contentType, text: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ status: 0, contentType, text: `the answer broke off (${error.code})` }),
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: 0, contentType: '', text: `the connection ended without an answer (${error.code})` }),
    );
    // Not a timed assertion: a request the server never answers would otherwise hang the whole run.
    request.setTimeout(NO_ANSWER_MS, () => {
      request.destroy();
      resolve({ status: 0, contentType: '', text: `no answer within ${NO_ANSWER_MS} ms` });
    });
    request.end(body);
  });
}

/** What is wrong with an answer, if anything: a 5xx, or an error that is not `{ message }`. */
function problemWith(probe: Probe, reply: Reply): string | undefined {
  if (reply.status === 0 || reply.status >= 500) return `${reply.status} ${reply.text.slice(0, 200)}`;
  if (probe.method === 'HEAD' || reply.status === 304 || reply.contentType.startsWith('text/event-stream')) {
    return undefined;
  }
  if (!reply.contentType.startsWith('application/json')) return `${reply.status} answered as ${reply.contentType}`;
  const parsed: unknown = JSON.parse(reply.text);
  if (reply.status < 400) return undefined;
  const message = typeof parsed === 'object' && parsed !== null && 'message' in parsed ? parsed.message : undefined;
  return typeof message === 'string' && message !== '' ? undefined : `${reply.status} without a message: ${reply.text}`;
}

describeEachEngine('hostile requests on %s', (subject) => {
  let operations: [string, string, Operation][];
  beforeAll(async () => {
    const document = (await subject.call('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, Operation>>;
    };
    operations = Object.entries(document.paths).flatMap(([template, methods]) =>
      Object.entries(methods).map(([method, operation]): [string, string, Operation] => [
        template,
        method.toUpperCase(),
        operation,
      ]),
    );
  });

  it.each([
    ['without a token', false],
    ['with an admin token', true],
  ])('never answers 5xx, and every error is JSON with a message, %s', async (_title, withToken) => {
    const { port } = subject.app.server.address() as AddressInfo;
    const problems: string[] = [];
    let sent = 0;
    expect(operations.length).toBeGreaterThan(20);
    for (const [template, method, operation] of operations) {
      // An admin of its own per route: a logout, or a demotion, never spoils another route's cases.
      const admin = withToken ? await createStaff(subject.app, 'admin') : undefined;
      for (const probe of probesFor(template, method, operation)) {
        const headers = { ...admin?.auth, ...probe.headers };
        const reply = await send(port, { ...probe, headers });
        sent += 1;
        const problem = problemWith(probe, reply);
        if (problem !== undefined) problems.push(`${probe.label} → ${problem}`);
      }
    }
    expect(sent).toBeGreaterThan(operations.length * 50);
    expect(problems).toEqual([]);
  });

  it('refuses a NUL character on both engines with the route’s own 400', async () => {
    const admin = await createStaff(subject.app, 'admin');
    const address = await subject.call('POST', '/api/book-ride/audi-q7', {
      headers: admin.auth,
      body: bookingForm({ address: 'MG Road\u0000' }),
    });
    expect([address.status, address.message]).toEqual([400, MESSAGES.invalidBookingForm]);
    // In a key too, though the schema would drop that key.
    const key = await subject.call('POST', '/api/book-ride/audi-q7', {
      headers: admin.auth,
      body: { ...bookingForm(), 'note\u0000': 'x' },
    });
    expect([key.status, key.message]).toEqual([400, MESSAGES.invalidBookingForm]);
    const search = await subject.call('GET', '/api/operator/bookings?customer=a%00', { headers: admin.auth });
    expect([search.status, search.message]).toEqual([400, 'customer is not in the expected form.']);
  });

  it('answers a HEAD of the live updates at once, without opening a stream', async () => {
    const { port } = subject.app.server.address() as AddressInfo;
    const head = await send(port, { label: 'HEAD /api/events', method: 'HEAD', path: '/api/events', headers: {} });
    expect(head.status).toBe(404);
  });
});
