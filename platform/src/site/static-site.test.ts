import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { PAGE_TABLE_FILE } from '@rentora/state/page-table';
import { IMMUTABLE, REVALIDATE } from './cache-policy';
import { registerStaticSite } from './static-site';

const HOST_ORIGIN = 'http://localhost:3000';
const CHUNK = 'main.1a2b3c4d.js';
const SOURCE_MAP = JSON.stringify({ version: 3, sources: ['src/secret-source.ts'], mappings: 'AAAA' });

let root: string;
let site: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'rentora-site-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Rentora</title>');
  const chunk = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  writeFileSync(path.join(root, CHUNK), chunk);
  writeFileSync(path.join(root, `${CHUNK}.br`), brotliCompressSync(chunk));
  writeFileSync(path.join(root, `${CHUNK}.map`), SOURCE_MAP);
  writeFileSync(path.join(root, `${CHUNK}.map.br`), brotliCompressSync(SOURCE_MAP));
  writeFileSync(path.join(root, `${CHUNK}.map.gz`), gzipSync(SOURCE_MAP));
  writeFileSync(path.join(root, 'remoteEntry.js'), 'void 0;');
  writeFileSync(path.join(root, 'mf-manifest.json'), '{}');
  // A remote's page table, beside its manifest: a deploy changes it under the same name.
  writeFileSync(path.join(root, PAGE_TABLE_FILE), '{"pages":[],"modals":[]}');
  writeFileSync(path.join(root, '.env'), 'SECRET=leaked');
  mkdirSync(path.join(root, '.git'));
  writeFileSync(path.join(root, '.git', 'config'), '[core] leaked');

  site = Fastify();
  await registerStaticSite(site, {
    root,
    spaFallback: true,
    corsOrigins: [HOST_ORIGIN],
    headers: { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' },
    fileHeaders: { 'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': 'cross-origin' },
  });
  await site.listen({ port: 0, host: '127.0.0.1' });
  const address = site.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await site.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (file: string, headers: Record<string, string> = {}) => fetch(`${baseUrl}${file}`, { headers });

describe('static site', () => {
  it('keeps hashed chunks for a year, and sends the precompressed copy', async () => {
    const answer = await get(`/${CHUNK}`, { 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(await answer.text()).toContain('console.log');
  });

  it.each(['/', '/index.html', '/remoteEntry.js', '/mf-manifest.json', `/${PAGE_TABLE_FILE}`])(
    'revalidates %s on every load',
    async (file) => {
      const answer = await get(file);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe(REVALIDATE);
    },
  );

  it('answers client-side routes with index.html, and a missing file with 404', async () => {
    const page = await get('/vehicles/audi-q7');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe(REVALIDATE);
    expect(await page.text()).toContain('<title>Rentora</title>');

    const missing = await get('/no-such-chunk.js');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Not found.' });
  });

  it('answers HEAD for a client-side route as GET would, without the page', async () => {
    const page = await fetch(`${baseUrl}/vehicles/audi-q7`, { method: 'HEAD' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toBe('');
    expect((await fetch(`${baseUrl}/no-such-chunk.js`, { method: 'HEAD' })).status).toBe(404);
  });

  it('answers CORS for the host’s origin only', async () => {
    expect((await get('/mf-manifest.json', { origin: HOST_ORIGIN })).headers.get('access-control-allow-origin')).toBe(
      HOST_ORIGIN,
    );
    expect(
      (await get('/mf-manifest.json', { origin: 'https://elsewhere.example' })).headers.get(
        'access-control-allow-origin',
      ),
    ).toBeNull();
  });

  it.each([undefined, HOST_ORIGIN, 'https://elsewhere.example'])(
    'sends Vary: Origin for the origin %s, so a cache never mixes answers',
    async (origin) => {
      const answer = await get('/mf-manifest.json', origin === undefined ? {} : { origin });
      expect(answer.headers.get('vary')).toMatch(/\bOrigin\b/);
    },
  );

  it.each(['/.env', '/.git/config', '/.git/'])('never serves the dotfile %s', async (file) => {
    const answer = await get(file);
    expect([403, 404]).toContain(answer.status);
    expect(await answer.text()).not.toContain('leaked');
  });

  it.each([
    [`/${CHUNK}.map`, {}],
    [`/${CHUNK}.map`, { 'accept-encoding': 'br, gzip' }],
    [`/${CHUNK}.map.br`, {}],
    [`/${CHUNK}.map.gz`, {}],
    [`/${CHUNK}.MAP`, {}],
    [`/${CHUNK}.ma%70`, {}],
    [`/${CHUNK}%2Emap`, {}],
  ])('never serves the source map %s (%j)', async (file, headers) => {
    for (const method of ['GET', 'HEAD']) {
      const answer = await fetch(`${baseUrl}${file}`, { method, headers });
      expect([method, answer.status]).toEqual([method, 404]);
      expect(await answer.text()).not.toContain('secret-source');
    }
  });

  it('sends documents their headers, and files only theirs', async () => {
    const page = await get('/');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const chunk = await get(`/${CHUNK}`);
    expect(chunk.headers.get('x-content-type-options')).toBe('nosniff');
    expect(chunk.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(chunk.headers.get('x-frame-options')).toBeNull();
  });
});

describe('a static site whose pages are rendered', () => {
  let pages: FastifyInstance;
  let pagesUrl: string;

  beforeAll(async () => {
    pages = Fastify();
    await registerStaticSite(pages, {
      root,
      spaFallback: true,
      // A car that is not in the fleet is a page of its own, sent as a 404 (host-page.ts).
      renderPage: async (pathname, search) => ({
        statusCode: pathname.startsWith('/vehicles/gone') ? 404 : 200,
        html: `<p>page ${pathname}${search}</p>`,
      }),
    });
    await pages.listen({ port: 0, host: '127.0.0.1' });
    const address = pages.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    pagesUrl = `http://127.0.0.1:${address.port}`;
  });

  afterAll(() => pages.close());

  it.each<Record<string, string>>([{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br, gzip' }])(
    'answers the home page at / whatever the client accepts (%j)',
    async (headers) => {
      const answer = await fetch(`${pagesUrl}/?from=probe`, { headers });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('<p>page /?from=probe</p>');
      expect((await fetch(`${pagesUrl}/`, { method: 'HEAD', headers })).status).toBe(200);
    },
  );

  it('writes a page without looking on disk: a file at a page’s path is never sent for it', async () => {
    // Before pages were routes, the static files' `GET /*` looked for these first and sent them.
    writeFileSync(path.join(root, 'operator'), 'a file, not the page');
    writeFileSync(path.join(root, 'operator.br'), brotliCompressSync('a file, not the page'));
    for (const headers of [{}, { 'accept-encoding': 'br' }] as Record<string, string>[]) {
      const answer = await fetch(`${pagesUrl}/operator`, { headers });
      expect([answer.status, await answer.text()]).toEqual([200, '<p>page /operator</p>']);
    }
  });

  it('still sends the files at their asset paths, and 404 for a file that is not there', async () => {
    const chunk = await fetch(`${pagesUrl}/${CHUNK}`, { headers: { 'accept-encoding': 'br' } });
    expect([chunk.status, chunk.headers.get('content-encoding')]).toEqual([200, 'br']);
    const missing = await fetch(`${pagesUrl}/no-such-chunk.js`);
    expect([missing.status, await missing.json()]).toEqual([404, { message: 'Not found.' }]);
    const posted = await fetch(`${pagesUrl}/vehicles`, { method: 'POST' });
    expect(posted.status).toBe(404);
  });

  it('renders every other route, with its query', async () => {
    const answer = await fetch(`${pagesUrl}/vehicles?q=audi`);
    expect(await answer.text()).toBe('<p>page /vehicles?q=audi</p>');
  });

  it('gives each encoding of a page a strong ETag, and answers 304 to a client that has it', async () => {
    const brotli = { 'accept-encoding': 'br', 'cache-control': 'max-age=0' };
    const first = await fetch(`${pagesUrl}/about`, { headers: brotli });
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]{27}-br"$/);
    const again = await fetch(`${pagesUrl}/about`, { headers: { ...brotli, 'if-none-match': etag } });
    expect([again.status, again.headers.get('etag')]).toEqual([304, etag]);
    const plain = await fetch(`${pagesUrl}/about`, {
      headers: { 'accept-encoding': 'identity', 'if-none-match': etag },
    });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('etag')).toBe(etag.replace(/-br"$/, '"'));
    const other = await fetch(`${pagesUrl}/vehicles`, { headers: { ...brotli, 'if-none-match': etag } });
    expect(other.status).toBe(200);
  });

  it('sends a 404 page whole, revalidated, even to a client that holds its ETag: never a 304 for it', async () => {
    const brotli = { 'accept-encoding': 'br' };
    const first = await fetch(`${pagesUrl}/vehicles/gone`, { headers: brotli });
    expect([first.status, first.headers.get('cache-control')]).toEqual([404, REVALIDATE]);
    const etag = first.headers.get('etag') ?? '';
    const again = await fetch(`${pagesUrl}/vehicles/gone`, { headers: { ...brotli, 'if-none-match': etag } });
    expect([again.status, await again.text()]).toEqual([404, '<p>page /vehicles/gone</p>']);
  });
});

describe('a static site beside an API with a policy of its own', () => {
  /** The API's scoped headers, as api/src/routes/api/index.ts sets them, and the site's for its pages. */
  async function serverWithApi(apiFirst: boolean): Promise<FastifyInstance> {
    const server = Fastify();
    const registerApi = () =>
      server.register(
        async (api) => {
          api.addHook('onRequest', async (_request, reply) => {
            reply.header('content-security-policy', "default-src 'none'");
          });
          api.get('/vehicles', async () => []);
        },
        { prefix: '/api' },
      );
    if (apiFirst) await registerApi();
    await registerStaticSite(server, {
      root,
      spaFallback: true,
      headers: { 'content-security-policy': "default-src 'self'", 'x-content-type-options': 'nosniff' },
    });
    if (!apiFirst) await registerApi();
    return server;
  }

  it.each([true, false])(
    'leaves the API’s answers to the API’s own headers (API registered first: %s)',
    async (apiFirst) => {
      const server = await serverWithApi(apiFirst);
      try {
        const url = await server.listen({ port: 0, host: '127.0.0.1' });
        const api = await fetch(`${url}/api/vehicles`);
        expect(api.headers.get('content-security-policy')).toBe("default-src 'none'");
        expect(api.headers.has('x-content-type-options')).toBe(false);
        const page = await fetch(`${url}/vehicles/audi-q7`);
        expect(page.headers.get('content-security-policy')).toBe("default-src 'self'");
        expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      } finally {
        await server.close();
      }
    },
  );
});
