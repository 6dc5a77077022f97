import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createHostPages, HINTS_MARKER } from './host-page';
import { startRemoteServer } from './remote-server';

/** A host build with one page per kind, and a catalog remote whose manifest can be redeployed. */
let hostRoot: string;
let remoteRoot: string;
let remote: FastifyInstance;
let catalogUrl: string;

const page = (name: string) =>
  `<!doctype html><html><head><title>${name}</title><style>body{margin:0}</style>${HINTS_MARKER}</head><body><div id="root">${name}</div></body></html>`;

function deployCatalog(homeChunk: string): void {
  const manifest = {
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      { path: './HomePage', assets: { js: { sync: [homeChunk] }, css: { sync: ['home.1a2b3c4d.css'] } } },
      { path: './FleetPage', assets: { js: { sync: ['fleet.1a2b3c4d.js'] }, css: { sync: [] } } },
      { path: './VehicleDetailPage', assets: { js: { sync: ['detail.1a2b3c4d.js'] }, css: { sync: [] } } },
    ],
  };
  writeFileSync(path.join(remoteRoot, 'mf-manifest.json'), JSON.stringify(manifest));
}

beforeAll(async () => {
  hostRoot = mkdtempSync(path.join(tmpdir(), 'rentora-host-'));
  mkdirSync(path.join(hostRoot, 'pages'));
  writeFileSync(path.join(hostRoot, 'index.html'), page('index'));
  for (const name of ['home', 'fleet', 'vehicle', 'about', 'notFound']) {
    writeFileSync(path.join(hostRoot, 'pages', `${name}.html`), page(name));
  }
  remoteRoot = mkdtempSync(path.join(tmpdir(), 'rentora-catalog-'));
  deployCatalog('home.1a2b3c4d.js');
  remote = await startRemoteServer({ root: remoteRoot, port: 0, host: '127.0.0.1', corsOrigins: [] });
  const address = remote.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  catalogUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await remote.close();
  rmSync(hostRoot, { recursive: true, force: true });
  rmSync(remoteRoot, { recursive: true, force: true });
});

const pagesAt = (catalog: string) =>
  createHostPages({
    root: hostRoot,
    remoteUrls: { catalog, booking: 'https://booking.example.com', account: 'https://account.example.com' },
  });

describe('the host page the server writes', () => {
  it('sends the page’s own prerendered shell, 404 for an unknown path', async () => {
    const pages = pagesAt(catalogUrl);
    expect((await pages.render('/')).html).toContain('<div id="root">home</div>');
    expect((await pages.render('/vehicles')).html).toContain('<div id="root">fleet</div>');
    expect((await pages.render('/vehicles/audi-q7')).html).toContain('<div id="root">vehicle</div>');
    expect((await pages.render('/about')).statusCode).toBe(200);
    const missing = await pages.render('/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(missing.html).toContain('<div id="root">notFound</div>');
  });

  it('writes the remotes’ URLs inline, so the host needs no remotes.json round trip', async () => {
    const { html } = await pagesAt(catalogUrl).render('/about');
    const json = /<script type="application\/json" id="rentora-remotes">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? 'null')).toEqual({
      catalog: catalogUrl,
      booking: 'https://booking.example.com',
      account: 'https://account.example.com',
    });
    expect(html).not.toContain(HINTS_MARKER);
  });

  it('asks for the route’s remote entry, exposed chunk, styles, manifest and data at once', async () => {
    const { html } = await pagesAt(catalogUrl).render('/vehicles/audi-q7');
    expect(html).toContain(`<link rel="preload" as="script" href="${catalogUrl}/remoteEntry.js">`);
    expect(html).toContain(`<link rel="preload" as="script" href="${catalogUrl}/detail.1a2b3c4d.js">`);
    expect(html).toContain(
      `<link rel="preload" as="fetch" href="${catalogUrl}/mf-manifest.json" crossorigin="anonymous">`,
    );
    expect(html).toContain('<link rel="preload" as="fetch" href="/api/vehicles/audi-q7" crossorigin="anonymous">');
    expect(html).not.toContain('fleet.1a2b3c4d.js');

    const home = (await pagesAt(catalogUrl).render('/')).html;
    expect(home).toContain(`<link rel="preload" as="style" href="${catalogUrl}/home.1a2b3c4d.css">`);
    expect(home).toContain('<link rel="preload" as="fetch" href="/api/vehicles" crossorigin="anonymous">');
    expect((await pagesAt(catalogUrl).render('/about')).html).not.toContain('/api/vehicles');
  });

  it('follows a remote deployed alone on the next page, with no host rebuild', async () => {
    const pages = pagesAt(catalogUrl);
    expect((await pages.render('/')).html).toContain('home.1a2b3c4d.js');
    deployCatalog('home.5e6f7a8b.js');
    const html = (await pages.render('/')).html;
    expect(html).toContain('home.5e6f7a8b.js');
    expect(html).not.toContain('home.1a2b3c4d.js');
  });

  it('still sends the page, without the remote’s files, when the remote cannot be reached', async () => {
    const { statusCode, html } = await pagesAt('http://127.0.0.1:9').render('/');
    expect(statusCode).toBe(200);
    expect(html).toContain('<div id="root">home</div>');
    expect(html).not.toContain('remoteEntry.js');
  });

  it('names its inline styles’ hashes, for the page’s CSP', async () => {
    const { styleHashes } = await pagesAt(catalogUrl).render('/about');
    expect(styleHashes).toEqual(["'sha256-IAdwN3biDCQ3brrgp1m8kBEsPQYyqfREKOEfeoREopc='"]);
  });

  it('serves a host deployed while the server runs at once', async () => {
    const pages = pagesAt(catalogUrl);
    expect((await pages.render('/about')).html).toContain('<div id="root">about</div>');
    const redeployed = page('about').replace('<div id="root">about</div>', '<div id="root">about, redeployed</div>');
    writeFileSync(path.join(hostRoot, 'pages', 'about.html'), redeployed);
    // File times can be coarse: make the change visible, as a deploy's copy would.
    utimesSync(path.join(hostRoot, 'pages', 'about.html'), new Date(), new Date(Date.now() + 5000));
    expect((await pages.render('/about')).html).toContain('<div id="root">about, redeployed</div>');
  });
});
