import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type ChildApi, startChildApi, stopChildApi } from '../testing/child-api';
import { TEST_JWT_SECRET } from '../testing/test-config';

jest.setTimeout(30_000);

describe('request logging at info', () => {
  let dataDir: string;
  let api: ChildApi | undefined;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rentora-request-log-'));
  });
  afterEach(async () => {
    await stopChildApi(api);
    await rm(dataDir, { recursive: true, force: true });
  });

  const linesOf = (requestId: string) =>
    (api?.output() ?? '')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.reqId === requestId);

  async function loggedLines(requestId: string): Promise<Record<string, unknown>[]> {
    for (let waited = 0; waited < 5_000 && linesOf(requestId).length === 0; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return linesOf(requestId);
  }

  it('writes one line per answered request, with its request id, status and time', async () => {
    api = await startChildApi({ DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET });
    await api.call('GET', '/api/vehicles/audi-q7', { headers: { 'x-request-id': 'log-line-1' } });
    const lines = await loggedLines('log-line-1');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        method: 'GET',
        url: '/api/vehicles/audi-q7',
        statusCode: 200,
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('never writes a bearer token', async () => {
    api = await startChildApi({ DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET });
    await api.call('GET', '/api/user', { headers: { 'x-request-id': 'log-line-2', authorization: 'Bearer a.b.c' } });
    expect(await loggedLines('log-line-2')).toEqual([expect.objectContaining({ statusCode: 401 })]);
    expect(api.output()).not.toContain('a.b.c');
  });
});
