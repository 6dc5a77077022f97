import net from 'node:net';
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

interface RawAnswer {
  /** The status line and headers, lower-cased. */
  head: string;
  body: string;
  /** The socket's error while sending or reading (`EPIPE`, `ECONNRESET`), if any. */
  error?: string;
  /** Bytes of the body that left before the body ended or the connection closed. */
  sent: number;
}

const CHUNK_BYTES = 64 * 1024;
const MB = 1024 * 1024;

/**
 * A login with a body of `size` bytes over a socket of its own, as a client sends it: the
 * headers, then the body a chunk at a time, each once the one before has left, as a slow
 * uplink would; the answer is read meanwhile, until the server closes the connection.
 */
function sendOversized(port: number, size: number, framing: 'content-length' | 'chunked'): Promise<RawAnswer> {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let error: string | undefined;
  let sent = 0;
  socket.setEncoding('utf8');
  socket.on('data', (text: string) => (received += text));
  socket.on('error', (failure: NodeJS.ErrnoException) => (error ??= failure.code ?? failure.message));
  const write = (data: string) =>
    new Promise<boolean>((written) => {
      if (socket.destroyed) return written(false);
      socket.write(data, (failure) => written(failure == null));
    });
  const send = async () => {
    const framingHeader = framing === 'chunked' ? 'transfer-encoding: chunked' : `content-length: ${size}`;
    const head = `POST /api/user/login HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n${framingHeader}\r\n\r\n`;
    if (!(await write(head))) return;
    while (sent < size) {
      const chunk = 'x'.repeat(Math.min(CHUNK_BYTES, size - sent));
      if (!(await write(framing === 'chunked' ? `${chunk.length.toString(16)}\r\n${chunk}\r\n` : chunk))) return;
      sent += chunk.length;
      // A moment between chunks, as on a real uplink: the server's answer may arrive meanwhile.
      await new Promise((next) => setImmediate(next));
    }
    if (framing === 'chunked') await write('0\r\n\r\n');
  };
  void send();
  return new Promise((resolve) =>
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      resolve({ head: head.toLowerCase(), body, error, sent });
    }),
  );
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

  it.each(['content-length', 'chunked'] as const)(
    'answers every oversized body (%s) with its 413 and JSON message, then closes the connection',
    async (framing) => {
      const address = subject.app.server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      // Three megabytes, as the logins sent them, ten at once.
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => sendOversized(port, 3 * 1024 * 1024, framing)),
      );
      for (const answer of answers) {
        expect(answer.error).toBeUndefined();
        expect(answer.head).toMatch(/^http\/1\.1 413 /);
        expect(answer.head).toContain('connection: close');
        expect(JSON.parse(answer.body)).toEqual({ message: 'Request body is too large' });
      }
    },
  );

  it('reads no more than 10 MB of a refused body before it closes the connection', async () => {
    const address = subject.app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const answer = await sendOversized(port, 200 * MB, 'content-length');
    // The socket buffers on both sides hold a few megabytes more than the server read.
    expect(answer.sent).toBeGreaterThan(10 * MB);
    expect(answer.sent).toBeLessThan(40 * MB);
  });
});
