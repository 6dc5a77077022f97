import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@rentora/api/app';
import { loadConfig } from '@rentora/api/config';
import type { FastifyInstance } from 'fastify';
import { hostPageHeaders } from './site-headers';
import { registerStaticSite } from './static-site';

jest.setTimeout(30_000);

// The API with the host's files and pages on one origin, composed as `npm start` composes them.
let root: string;
let dataDir: string;
let site: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'rentora-site-'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'rentora-data-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Rentora</title>');
  site = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  await registerStaticSite(site, {
    root,
    spaFallback: true,
    headers: hostPageHeaders([]),
    renderPage: async () => ({ statusCode: 200, html: '<!doctype html><title>A page</title>' }),
  });
  baseUrl = await site.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await site.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the API beside the site', () => {
  it.each(
    ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].flatMap((method) =>
      ['/api/nonexistent', '/api/vehicles/audi-q7/photos', '/api'].map((url) => [method, url]),
    ),
  )('answers %s %s with the API’s JSON 404 and the API’s headers, not a page’s', async (method, url) => {
    const answer = await fetch(`${baseUrl}${url}`, { method });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    if (method !== 'HEAD') expect(await answer.json()).toEqual({ message: 'There is no such API route.' });
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.has('cross-origin-opener-policy')).toBe(false);
  });

  it.each(['/vehicles/%ff', '/api/vehicles/%ff', '/%E0%A4%A'])(
    'answers an address that cannot be decoded, %s, with 400 and the site’s { message }',
    async (url) => {
      const answer = await fetch(`${baseUrl}${url}`);
      expect(answer.status).toBe(400);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await answer.json()).toEqual({ message: 'That address is not valid: it has a broken %-escape.' });
    },
  );

  it('still answers pages and the API’s own routes', async () => {
    const page = await fetch(`${baseUrl}/vehicles`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>A page</title>');
    const fleet = await fetch(`${baseUrl}/api/vehicles`);
    expect(fleet.status).toBe(200);
  });
});
