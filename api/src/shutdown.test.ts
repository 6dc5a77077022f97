import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SHUTTING_DOWN } from './routes/api/health';
import { type ChildApi, startChildApi, stopChildApi } from './testing/child-api';
import { openEventStream } from './testing/event-stream';
import { TEST_JWT_SECRET } from './testing/test-config';
import { createTestApp } from './testing/test-app';

jest.setTimeout(40_000);

describe('SIGTERM with a request stuck in flight', () => {
  let dataDir: string;
  let api: ChildApi | undefined;
  let socket: net.Socket | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-shutdown-'));
  });
  afterAll(async () => {
    socket?.destroy();
    await stopChildApi(api);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('exits once the shutdown deadline has passed', async () => {
    api = await startChildApi({ DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, SHUTDOWN_TIMEOUT_SECONDS: '1' });
    // A client that announces a body and never sends it keeps its request in flight.
    socket = net.connect(api.port, '127.0.0.1');
    await new Promise((resolve) => socket?.once('connect', resolve));
    socket.write(
      'POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalledAt = Date.now();
    api.child.kill('SIGTERM');
    const code = await api.exited;
    expect(Date.now() - signalledAt).toBeLessThan(5_000);
    expect(code).toBe(1);
    expect(api.output()).toContain('shutdown deadline passed');
  });
});

describe('SIGTERM behind a load balancer', () => {
  let dataDir: string;
  let api: ChildApi | undefined;
  let socket: net.Socket | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-drain-'));
  });
  afterAll(async () => {
    socket?.destroy();
    await stopChildApi(api);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers not ready at once, serves until the balancer has left, ends its streams with a retry hint, finishes what is in flight and exits 0', async () => {
    api = await startChildApi({ DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, SHUTDOWN_TIMEOUT_SECONDS: '10' });
    const { call } = api;
    const baseUrl = `http://127.0.0.1:${api.port}`;
    // A balancer probes readiness, so the instance waits to be seen as not ready before it leaves.
    expect((await call('GET', '/api/ready')).status).toBe(200);
    const stream = await openEventStream(`${baseUrl}/api/events`);
    expect(stream.status).toBe(200);
    // A request in flight across the whole shutdown: its body comes only once the streams have ended.
    socket = net.connect(api.port, '127.0.0.1');
    await new Promise((resolve) => socket?.once('connect', resolve));
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
    socket.write(
      `POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    await new Promise((resolve) => setTimeout(resolve, 200));

    api.child.kill('SIGTERM');
    await waitUntil(async () => (await call('GET', '/api/ready')).status === 503);
    const probe = await call('GET', '/api/ready');
    expect(probe.body).toEqual({ message: SHUTTING_DOWN });
    // Until the balancer has left, what it still sends is served.
    expect((await call('GET', '/api/health')).status).toBe(200);
    expect(stream.retries).toEqual([2_000]);

    await stream.ended;
    // The last thing the stream said: come back soon (to another instance), spread over a couple of seconds.
    expect(stream.retries).toHaveLength(2);
    expect(stream.retries[1]).toBeGreaterThanOrEqual(250);
    expect(stream.retries[1]).toBeLessThanOrEqual(2_250);
    expect(api.child.exitCode).toBeNull();

    socket.write(body.slice(5));
    expect(await api.exited).toBe(0);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('closing the app with a request in flight on a kept-alive connection', () => {
  it('answers it with connection: close and closes at once, not after the keep-alive timeout', async () => {
    const subject = await createTestApp('sqlite');
    const { port } = subject.app.server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    try {
      await new Promise((resolve) => socket.once('connect', resolve));
      const answer = new Promise<string>((resolve) => {
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.once('end', () => resolve(text));
      });
      // A keep-alive request whose body is still coming when the close begins.
      const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
      socket.write(
        `POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      const startedAt = Date.now();
      const closed = subject.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.write(body.slice(5));

      expect((await answer).toLowerCase()).toContain('connection: close');
      await closed;
      expect(Date.now() - startedAt).toBeLessThan(5_000);
    } finally {
      socket.destroy();
    }
  });
});
