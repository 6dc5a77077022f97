import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { firstPaintField } from '@rentora/shared/first-paint-fields';
import { FIRST_PAINT_FILE, markPageSlot, REMOTE_URL_PLACEHOLDER, type FirstPaints } from './first-paint';
import { createHostPages, HINTS_MARKER } from './host-page';
import { startRemoteServer } from './remote-server';

/** A host build with one page per kind, and a catalog remote whose manifest can be redeployed. */
let hostRoot: string;
let remoteRoot: string;
let remote: FastifyInstance;
let catalogUrl: string;

const page = (name: string) =>
  `<!doctype html><html><head><title>${name}</title><script>start()</script><style>body{margin:0}</style>${HINTS_MARKER}</head><body><div id="root">${name}</div></body></html>`;

/** A remote page's shell as the host's build writes it: the slot's skeleton, marked for the server. */
const remotePage = (name: string, id: string) =>
  page(name).replace(
    `<div id="root">${name}</div>`,
    `<div id="root"><main>${markPageSlot(`<div data-page-slot="${id}" style="display:contents"><div role="status">Loading…</div></div>`)}</main></div>`,
  );

function deployFirstPaints(heading: string): void {
  const firstPaints: FirstPaints = {
    './HomePage': {
      html: `<h1>${heading}</h1><img src="${REMOTE_URL_PLACEHOLDER}assets/car.1a2b3c4d.svg" alt="">`,
      css: '.hero{background:url(assets/hero.1a2b3c4d.svg)}',
    },
    './VehicleDetailPage': {
      html:
        `<title>${firstPaintField('car_name')} - Rentora</title><h1>${firstPaintField('car_name')}</h1>` +
        `<img src="${firstPaintField('image_url')}?w=640" alt=""><p>₹${firstPaintField('price_per_day')}/day</p>`,
      css: '.car{margin:0}',
    },
    './FleetPage': {
      html: [0, 1].map((index) => `<h2>${firstPaintField(`${index}.car_name`)}</h2>`).join(''),
      css: '.fleet{margin:0}',
    },
  };
  writeFileSync(path.join(remoteRoot, FIRST_PAINT_FILE), JSON.stringify(firstPaints));
}

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
  for (const name of ['vehicle', 'about', 'notFound']) {
    writeFileSync(path.join(hostRoot, 'pages', `${name}.html`), page(name));
  }
  writeFileSync(path.join(hostRoot, 'pages', 'home.html'), remotePage('home', 'catalog/HomePage'));
  writeFileSync(path.join(hostRoot, 'pages', 'fleet.html'), remotePage('fleet', 'catalog/FleetPage'));
  remoteRoot = mkdtempSync(path.join(tmpdir(), 'rentora-catalog-'));
  deployCatalog('home.1a2b3c4d.js');
  deployFirstPaints('Drive your dreams');
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

/** The links the page's start-up script adds after the first paint. */
const afterPaint = (html: string): unknown[] =>
  [...html.matchAll(/<script type="application\/json" data-after-paint>([^<]*)<\/script>/g)].flatMap(
    ([, json]) => JSON.parse(json ?? '[]') as unknown[],
  );

const pagesAt = (catalog: string) =>
  createHostPages({
    root: hostRoot,
    remoteUrls: { catalog, booking: 'https://booking.example.com', account: 'https://account.example.com' },
  });

describe('the host page the server writes', () => {
  it('sends the page’s own prerendered shell, 404 for an unknown path', async () => {
    const pages = pagesAt(catalogUrl);
    expect((await pages.render('/')).html).toContain('<title>home</title>');
    expect((await pages.render('/vehicles')).html).toContain('<title>fleet</title>');
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
    expect(afterPaint(html)).toEqual([
      { rel: 'preload', as: 'fetch', href: '/api/vehicles/audi-q7', crossorigin: 'anonymous' },
      { rel: 'preload', as: 'fetch', href: `${catalogUrl}/mf-manifest.json`, crossorigin: 'anonymous' },
      { rel: 'preload', as: 'script', href: `${catalogUrl}/remoteEntry.js` },
      { rel: 'preload', as: 'script', href: `${catalogUrl}/detail.1a2b3c4d.js` },
    ]);
    // Asked for after the first paint, by the start-up script: nothing competes with that paint.
    expect(html).not.toContain('<link rel="preload"');
    expect(html).not.toContain('fleet.1a2b3c4d.js');

    const home = (await pagesAt(catalogUrl).render('/')).html;
    expect(afterPaint(home)).toContainEqual(
      expect.objectContaining({ as: 'style', href: `${catalogUrl}/home.1a2b3c4d.css` }),
    );
    expect(afterPaint(home)).toContainEqual({
      rel: 'preload',
      as: 'fetch',
      href: '/api/vehicles',
      crossorigin: 'anonymous',
    });
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
    expect(html).toContain('<div role="status">Loading…</div>');
    expect(html).not.toContain('remoteEntry.js');
  });

  it('paints the remote page from HTML: its first paint in the slot, inert, with its CSS inline', async () => {
    const { html, styleHashes } = await pagesAt(catalogUrl).render('/');
    expect(html).toContain(
      '<div data-page-slot="catalog/HomePage" style="display:contents"><div data-first-paint="" style="display:contents">' +
        '<span role="status" class="visually-hidden">Loading…</span><div inert="" style="display:contents">' +
        `<h1>Drive your dreams</h1><img src="${catalogUrl}/assets/car.1a2b3c4d.svg" alt=""></div></div></div>`,
    );
    expect(html).not.toContain('<div role="status">Loading…</div>');
    const css = `.hero{background:url(${catalogUrl}/assets/hero.1a2b3c4d.svg)}`;
    expect(html).toContain(`<style>${css}</style>`);
    expect(styleHashes).toContain(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    // Its stylesheet is needed only once the remote's code runs.
    expect(afterPaint(html)).toContainEqual({
      rel: 'preload',
      as: 'style',
      href: `${catalogUrl}/home.1a2b3c4d.css`,
      fetchpriority: 'low',
    });
  });

  it('keeps the skeleton where the remote paints nothing first, or the query would change the paint', async () => {
    const pages = pagesAt(catalogUrl);
    const fleet = await pages.render('/vehicles');
    expect(fleet.html).toContain('<div role="status">Loading…</div>');
    expect(fleet.styleHashes).toHaveLength(1);
    const searched = (await pages.render('/', '?location=Goa')).html;
    expect(searched).toContain('<div role="status">Loading…</div>');
    expect(afterPaint(searched)).toContainEqual({
      rel: 'preload',
      as: 'style',
      href: `${catalogUrl}/home.1a2b3c4d.css`,
    });
  });

  it('paints what the remote deployed last, with no host rebuild', async () => {
    const pages = pagesAt(catalogUrl);
    expect((await pages.render('/')).html).toContain('<h1>Drive your dreams</h1>');
    deployFirstPaints('Drive further');
    const html = (await pages.render('/')).html;
    expect(html).toContain('<h1>Drive further</h1>');
    expect(html).not.toContain('Drive your dreams');
    rmSync(path.join(remoteRoot, FIRST_PAINT_FILE));
    expect((await pages.render('/')).html).toContain('<div role="status">Loading…</div>');
    deployFirstPaints('Drive your dreams');
  });

  describe('a first paint that shows the page’s data', () => {
    const car = {
      car_name: 'Audi "Q7" <Quattro> & co',
      image_url: 'https://images.example.com/q7.jpeg',
      price_per_day: 9000,
    };

    beforeAll(() => {
      writeFileSync(path.join(hostRoot, 'pages', 'vehicle.html'), remotePage('vehicle', 'catalog/VehicleDetailPage'));
      utimesSync(path.join(hostRoot, 'pages', 'vehicle.html'), new Date(), new Date(Date.now() + 10_000));
      writeFileSync(path.join(hostRoot, 'pages', 'fleet.html'), remotePage('fleet', 'catalog/FleetPage'));
    });

    afterAll(() => {
      writeFileSync(path.join(hostRoot, 'pages', 'vehicle.html'), page('vehicle'));
      utimesSync(path.join(hostRoot, 'pages', 'vehicle.html'), new Date(), new Date(Date.now() + 20_000));
      rmSync(path.join(hostRoot, 'pages', 'fleet.html'));
    });

    const pagesReading = (readPageData: (url: string) => Promise<unknown>) =>
      createHostPages({
        root: hostRoot,
        remoteUrls: {
          catalog: catalogUrl,
          booking: 'https://booking.example.com',
          account: 'https://account.example.com',
        },
        readPageData,
        dataTimeoutMs: 100,
      });

    it('writes the live car in, escaped, and puts its title in the document’s head', async () => {
      const asked: string[] = [];
      const { html } = await pagesReading(async (url) => {
        asked.push(url);
        return car;
      }).render('/vehicles/audi-q7');
      expect(asked).toEqual(['/api/vehicles/audi-q7']);
      expect(html).toContain(
        '<title>Audi &quot;Q7&quot; &lt;Quattro&gt; &amp; co - Rentora</title></head>'.slice(0, -7),
      );
      expect(html).not.toContain('<title>vehicle</title>');
      expect(html).toContain(
        '<div inert="" style="display:contents"><h1>Audi &quot;Q7&quot; &lt;Quattro&gt; &amp; co</h1>' +
          '<img src="https://images.example.com/q7.jpeg?w=640" alt=""><p>₹9000/day</p></div>',
      );
      expect(html.match(/<title>/g)).toHaveLength(1);
    });

    it('writes a list’s items in by their index, and keeps the skeleton when the list is too short', async () => {
      const asked: string[] = [];
      const fleet = [car, { ...car, car_name: 'BMW X5' }, { ...car, car_name: 'Kia Carnival' }];
      const { html } = await pagesReading(async (url) => {
        asked.push(url);
        return fleet;
      }).render('/vehicles');
      expect(asked).toEqual(['/api/vehicles']);
      expect(html).toContain('<h2>Audi &quot;Q7&quot; &lt;Quattro&gt; &amp; co</h2><h2>BMW X5</h2></div>');

      for (const [why, answer] of [
        ['a list of one', [car]],
        ['an item without a name', [car, { ...car, car_name: undefined }]],
        ['no list at all', 'Audi Q7'],
      ] as const) {
        const short = await pagesReading(async () => answer).render('/vehicles');
        expect([why, short.html.includes('<div role="status">Loading…</div>')]).toEqual([why, true]);
        expect([why, short.html.includes('{data:')]).toEqual([why, false]);
      }
    });

    it('keeps the skeleton when the car cannot be read in time, or lacks a field it shows', async () => {
      const never = new Promise<unknown>(() => undefined);
      const answers: [string, () => Promise<unknown>][] = [
        ['no such car', async () => undefined],
        ['a failed read', () => Promise.reject(new Error('database gone'))],
        ['a read slower than its time', () => never],
        ['a missing field', async () => ({ ...car, price_per_day: undefined })],
        ['a field that is not text', async () => ({ ...car, car_name: ['Audi'] })],
      ];
      for (const [why, answer] of answers) {
        const { html, statusCode } = await pagesReading(answer).render('/vehicles/audi-q7');
        expect([why, statusCode]).toEqual([why, 200]);
        expect([why, html.includes('<div role="status">Loading…</div>')]).toEqual([why, true]);
        expect([why, html.includes('{data:')]).toEqual([why, false]);
      }
    });
  });

  it('names its inline styles’ and start-up script’s hashes, for the page’s CSP, and not its data block', async () => {
    const { html, styleHashes, scriptHashes } = await pagesAt(catalogUrl).render('/about');
    expect(html).toContain('<script type="application/json" id="rentora-remotes">');
    const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(styleHashes).toEqual([hashOf('body{margin:0}')]);
    expect(scriptHashes).toEqual([hashOf('start()')]);
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
