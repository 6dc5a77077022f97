import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Vehicle, VehicleDetail } from '@rentora/shared';
import { bookingForm, createUser, dateFromToday } from '../../../testing/test-app';
import { describeEachEngine } from '../../../testing/describe-engines';

// Whole-app tests with fresh databases: slow on a busy 2-core machine.
jest.setTimeout(30_000);

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent, not decompressed. */
  body: Buffer;
}

/** fetch decompresses on its own; this reads the bytes the server actually sent. */
function rawGet(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${baseUrl}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

describeEachEngine('fleet answers on %s', (subject) => {
  let baseUrl: string;
  let plain: RawAnswer;
  const get = (path: string, headers?: Record<string, string>) => rawGet(baseUrl, path, headers);

  beforeAll(async () => {
    baseUrl = `http://127.0.0.1:${(subject.app.server.address() as AddressInfo).port}`;
    plain = await get('/api/vehicles');
  });

  it('lists the fleet as compact JSON with a strong ETag, varying by Accept-Encoding, revalidated before reuse', () => {
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.headers.etag).toMatch(/^"[\w-]+"$/);
    const text = plain.body.toString('utf8');
    expect(JSON.stringify(JSON.parse(text))).toBe(text);
    expect(JSON.parse(text)).toHaveLength(46);
  });

  it.each([
    ['br', 'gzip, deflate, br, zstd', brotliDecompressSync],
    ['br', 'br', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
    ['gzip', 'br;q=0, gzip', gunzipSync],
  ])('answers %s for Accept-Encoding %j, decoding to the same JSON', async (coding, acceptEncoding, decode) => {
    const answer = await get('/api/vehicles', { 'accept-encoding': acceptEncoding });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(coding);
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(plain.body.length / 3);
    expect(decode(answer.body).equals(plain.body)).toBe(true);
    expect(answer.headers.etag).not.toBe(plain.headers.etag);
  });

  it('answers 304 with no body to an If-None-Match naming the current fleet in any coding', async () => {
    const compressed = await get('/api/vehicles', { 'accept-encoding': 'br' });
    const etags = [String(plain.headers.etag), String(compressed.headers.etag)];
    for (const ifNoneMatch of [...etags, `W/${etags[0]}`, `"old", ${etags[1]}`, '*']) {
      const answer = await get('/api/vehicles', { 'if-none-match': ifNoneMatch, 'accept-encoding': 'br' });
      expect(answer.status).toBe(304);
      expect(answer.body.length).toBe(0);
      expect(answer.headers.etag).toBe(compressed.headers.etag);
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
    const changed = await get('/api/vehicles', { 'if-none-match': '"an-older-fleet"' });
    expect(changed.status).toBe(200);
    expect(changed.body.equals(plain.body)).toBe(true);
  });

  it('answers every car’s detail as its list entry plus its booked ranges, in the same order', async () => {
    const fleet = JSON.parse(plain.body.toString('utf8')) as Vehicle[];
    for (const vehicle of fleet) {
      const detail = await get(`/api/vehicles/${vehicle._id}`);
      expect(detail.status).toBe(200);
      expect(detail.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(detail.body.toString('utf8')).toBe(JSON.stringify({ ...vehicle, booked: [] }));
    }
  });

  it('shows a booking in the car’s booked ranges at once, and drops it at once when cancelled', async () => {
    const rider = await createUser(subject.app);
    const detail = async () => (await subject.call('GET', '/api/vehicles/bmw-x5')).body as VehicleDetail;
    await detail();
    const dates = { pick_up_date: dateFromToday(40), drop_off_date: dateFromToday(42) };
    const booked = await subject.call('POST', '/api/book-ride/bmw-x5', {
      headers: rider.auth,
      body: bookingForm(dates),
    });
    expect(booked.status).toBe(201);
    expect((await detail()).booked).toEqual([dates]);
    expect((await subject.call('POST', '/api/cancel-ride/bmw-x5', { headers: rider.auth })).status).toBe(200);
    expect((await detail()).booked).toEqual([]);
  });
});
