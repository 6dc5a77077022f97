import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type ChildApi, startChildApi, stopChildApi } from './testing/child-api';
import { TEST_JWT_SECRET } from './testing/test-config';

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
