import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@rentora/api/app';
import { loadConfig } from '@rentora/api/config';
import { createPostgresDatabase, type PostgresDatabase } from '@rentora/api/testing/postgres-database';
import {
  escapeHtml,
  firstPaintDay,
  firstPaintEach,
  firstPaintField,
  firstPaintPlural,
  FONTS_LATER_CLASS,
  HEAD_MARKER,
  NAV_HREF_TOKEN,
  NAV_LABEL_TOKEN,
  navListMarker,
  PAGE_MARKER,
  pageLinkToken,
  REMOTE_URL_PLACEHOLDER,
  WAITS_FOR_FONTS_ATTRIBUTE,
} from '@rentora/shared/first-paint';
import { addDays, businessToday } from '@rentora/shared/format';
import { VALID_BOOKING_DETAILS } from '@rentora/shared/testing/booking-form';
import { newCar } from '@rentora/shared/testing/new-car';
import { PAGE_TABLE_FILE, type PageEntry, type RemoteTable } from '@rentora/state/page-table';
import { apiPageData } from './api-page-data';
import { createHostPages, type PageData, type ReadAnswer } from './host-page';
import { startRemoteServer } from './remote-server';
import { REMOTE_SHELL, SHELLS_DIR, SHELLS_INDEX, type ShellsIndex } from './shell-files';
import { withFontsLater } from './web-fonts';

/** A host build (its shells and their index) and a catalog remote whose files can be redeployed. */
let hostRoot: string;
let remoteRoot: string;
let remote: FastifyInstance;
let catalogUrl: string;

const shell = (name: string, page: string) =>
  withFontsLater(
    `<!doctype html><html lang="en-IN"><head><title>Rentora</title><script>start()</script><style>body{margin:0}</style>${HEAD_MARKER}</head>` +
      `<body><div id="root"><header><ul>${navListMarker('header')}</ul></header><main>${page}</main></div></body></html>`.replace(
        '<ul>',
        `<ul data-shell="${name}">`,
      ),
  );

const FONT_FILE = '/assets/inter-text.1a2b3c4d.woff2';

const SHELLS_INDEX_FILE: ShellsIndex = {
  fonts: [FONT_FILE],
  pages: [{ path: '/about', name: 'about', title: 'About - Rentora', nav: { label: 'About', order: 30 } }],
  notFound: { name: 'not-found', title: 'Error 404 - Page Not Found!' },
  nav: {
    header: {
      link: `<li><a href="${NAV_HREF_TOKEN}">${NAV_LABEL_TOKEN}</a></li>`,
      current: `<li><a aria-current="page" href="${NAV_HREF_TOKEN}">${NAV_LABEL_TOKEN}</a></li>`,
    },
  },
};

function deployHost(aboutText = 'About Rentora'): void {
  mkdirSync(path.join(hostRoot, SHELLS_DIR), { recursive: true });
  writeFileSync(path.join(hostRoot, 'index.html'), shell('index', ''));
  writeFileSync(path.join(hostRoot, SHELLS_DIR, `${REMOTE_SHELL}.html`), shell('remote', PAGE_MARKER));
  writeFileSync(
    path.join(hostRoot, SHELLS_DIR, 'about.html'),
    shell(
      'about',
      `<h1>${aboutText}</h1><a href="${pageLinkToken('fleet')}">Browse the fleet</a>` +
        `<a href="${pageLinkToken('offers')}">Offers</a>`,
    ),
  );
  writeFileSync(path.join(hostRoot, SHELLS_DIR, 'not-found.html'), shell('not-found', '<h1>Page Not Found!</h1>'));
  const index = path.join(hostRoot, SHELLS_DIR, SHELLS_INDEX);
  writeFileSync(index, JSON.stringify(SHELLS_INDEX_FILE));
  // File times can be coarse: make each deploy visible, as a deploy's copy would.
  const later = new Date(Date.now() + Math.random() * 100_000);
  utimesSync(index, later, later);
}

const page = (entry: Partial<PageEntry> & Pick<PageEntry, 'path' | 'expose'>): PageEntry => ({
  name: entry.path.slice(1).replace(/\W+/g, '-').toLowerCase() || 'home',
  title: null,
  reads: [],
  what: 'this page',
  access: 'everyone',
  skeleton: '<div role="status">Loading…</div>',
  styles: [],
  css: '',
  ...entry,
});

const car = (index: number) => firstPaintField(`${index}.car_name`);

/** The catalog's table as its build writes it. */
function catalogTable(heading = 'Drive your dreams', extra: PageEntry[] = []): RemoteTable {
  return {
    pages: [
      page({
        path: '/',
        title: 'Home - Rentora',
        expose: './HomePage',
        nav: { label: 'Home', order: 10 },
        skeleton: `<h1>${heading}</h1><img src="${REMOTE_URL_PLACEHOLDER}assets/car.1a2b3c4d.svg" alt="">`,
        styles: ['home.1a2b3c4d.css'],
        css: '.hero{background:url(assets/hero.1a2b3c4d.svg)}',
      }),
      page({
        name: 'fleet',
        path: '/vehicles',
        title: 'Fleet - Rentora',
        expose: './FleetPage',
        reads: ['/api/vehicles'],
        nav: { label: 'Vehicles', order: 20 },
        skeleton: '<h1>Our fleet</h1><div role="status">Loading…</div>',
        firstPaint:
          `<h1>Our fleet</h1><p>${firstPaintPlural('length', '# Result', '# Results')}</p><ul>` +
          `<template ${Object.entries(firstPaintEach({ path: '', max: 2 }))
            .map(([name, value]) => `${name}="${value}"`)
            .join(
              ' ',
            )}><li><h2>${firstPaintField('*.car_name')}</h2><a href="/vehicles/{url:*._id}">Details</a></li></template></ul>`,
        css: '.fleet{margin:0}',
      }),
      page({
        path: '/vehicles/:vehicleId',
        expose: './VehicleDetailPage',
        reads: ['/api/vehicles/:vehicleId'],
        skeleton: '<title>Rentora</title><div role="status">Loading car details…</div>',
        firstPaint:
          `<title>${firstPaintField('car_name')} - Rentora</title><h1>${firstPaintField('car_name')}</h1>` +
          `<img src="{src:image_url}?w=640" alt=""><p>₹${firstPaintField('price_per_day')}/day</p>`,
        css: '.car{margin:0}',
      }),
      ...extra,
    ],
    modals: [],
  };
}

function deployCatalog(table: RemoteTable, homeChunk = 'home.1a2b3c4d.js'): void {
  writeFileSync(path.join(remoteRoot, PAGE_TABLE_FILE), JSON.stringify(table));
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
  deployHost();
  remoteRoot = mkdtempSync(path.join(tmpdir(), 'rentora-catalog-'));
  deployCatalog(catalogTable());
  remote = await startRemoteServer({ root: remoteRoot, port: 0, host: '127.0.0.1', corsOrigins: [] });
  const address = remote.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  catalogUrl = `http://127.0.0.1:${address.port}`;
});

afterEach(() => deployCatalog(catalogTable()));

afterAll(async () => {
  await remote.close();
  rmSync(hostRoot, { recursive: true, force: true });
  rmSync(remoteRoot, { recursive: true, force: true });
});

// Booking's origin refuses at once: a host that does not answer would hold a connection for seconds after the file's tests.
const REMOTE_URLS = () => ({ catalog: catalogUrl, booking: 'http://127.0.0.1:9' });

const pagesWith = (pageData?: PageData) =>
  createHostPages({ root: hostRoot, remoteUrls: REMOTE_URLS(), pageData, dataTimeoutMs: 100 });

/** The links the page's start-up script adds after the first paint. */
const afterPaint = (html: string): unknown[] =>
  [...html.matchAll(/<script type="application\/json" data-after-paint>([^<]*)<\/script>/g)].flatMap(
    ([, json]) => JSON.parse(json ?? '[]') as unknown[],
  );

const siteConfig = (html: string) =>
  JSON.parse(/<script type="application\/json" id="rentora-site">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as {
    remotes: Record<string, string>;
    table: { pages: { path: string; remote: string }[] };
  };

const headerLinks = (html: string) => /<ul data-shell="[^"]*">(.*?)<\/ul>/.exec(html)?.[1];

describe('the host page the server writes', () => {
  it('serves the host’s own pages from their shells, a remote’s from its table, and 404 for a path no page has', async () => {
    const pages = pagesWith();
    const about = await pages.render('/about');
    expect([about.statusCode, about.html]).toEqual([200, expect.stringContaining('<h1>About Rentora</h1>')]);
    expect(about.html).toContain('<title>About - Rentora</title>');
    const home = await pages.render('/');
    expect([home.statusCode, home.html]).toEqual([200, expect.stringContaining('<h1>Drive your dreams</h1>')]);
    expect(home.html).toContain('<title>Home - Rentora</title>');
    const missing = await pages.render('/no/such/page');
    expect([missing.statusCode, missing.html]).toEqual([404, expect.stringContaining('<h1>Page Not Found!</h1>')]);
    expect(missing.html).toContain('<title>Error 404 - Page Not Found!</title>');
  });

  it('writes the navigation from the host’s pages and the remotes’ tables, in order, the current page marked', async () => {
    const { html } = await pagesWith().render('/vehicles/');
    expect(headerLinks(html)).toBe(
      '<li><a href="/">Home</a></li><li><a aria-current="page" href="/vehicles">Vehicles</a></li>' +
        '<li><a href="/about">About</a></li>',
    );
    expect(html).not.toContain('rentora:nav');
  });

  it('writes the remotes’ URLs and the site’s page table inline, with no server-only parts', async () => {
    const { html } = await pagesWith().render('/about');
    const config = siteConfig(html);
    expect(config.remotes).toEqual(REMOTE_URLS());
    expect(config.table.pages.map(({ path: pagePath, remote: owner }) => `${owner} ${pagePath}`)).toEqual([
      'catalog /',
      'catalog /vehicles',
      'catalog /vehicles/:vehicleId',
    ]);
    expect(JSON.stringify(config)).not.toMatch(/skeleton|firstPaint|"css"|cssHash/);
    expect(html).not.toContain(HEAD_MARKER);
  });

  it('writes no consumer page differently for a remote of staff-only pages; their own carry the whole site, none of its files', async () => {
    const operatorRoot = mkdtempSync(path.join(tmpdir(), 'rentora-operator-'));
    const staffOnly = { roles: ['operator', 'admin'] } as const;
    const operatorTable: RemoteTable = {
      pages: [
        page({
          path: '/operator',
          title: 'Today - Rentora',
          expose: './TodayPage',
          access: staffOnly,
          nav: { label: 'Operator', order: 40 },
        }),
        page({ path: '/operator/fleet', title: 'Fleet - Rentora', expose: './FleetPage', access: staffOnly }),
      ],
      modals: [],
    };
    writeFileSync(path.join(operatorRoot, PAGE_TABLE_FILE), JSON.stringify(operatorTable));
    const todayPage = { path: './TodayPage', assets: { js: { sync: ['today.1a2b3c4d.js'] }, css: { sync: [] } } };
    writeFileSync(
      path.join(operatorRoot, 'mf-manifest.json'),
      JSON.stringify({
        metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [todayPage],
      }),
    );
    const operator = await startRemoteServer({ root: operatorRoot, port: 0, host: '127.0.0.1', corsOrigins: [] });
    try {
      const address = operator.server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      const operatorUrl = `http://127.0.0.1:${address.port}`;
      const withOperator = createHostPages({ root: hostRoot, remoteUrls: { ...REMOTE_URLS(), operator: operatorUrl } });
      const without = createHostPages({ root: hostRoot, remoteUrls: REMOTE_URLS() });
      expect(await withOperator.ready(1_000)).toEqual(['booking']);
      for (const pathname of ['/', '/vehicles', '/vehicles/audi-q7', '/about', '/no/such/page']) {
        const [served, plain] = await Promise.all([withOperator.render(pathname), without.render(pathname)]);
        expect([pathname, served]).toEqual([pathname, plain]);
      }

      const today = await withOperator.render('/operator');
      const config = siteConfig(today.html);
      expect(Object.keys(config.remotes)).toEqual(['catalog', 'booking', 'operator']);
      expect(config.table.pages.map(({ path: pagePath }) => pagePath)).toEqual([
        '/',
        '/vehicles',
        '/vehicles/:vehicleId',
        '/operator',
        '/operator/fleet',
      ]);
      // Its header is a visitor's all the same: who is signed in is known only in the browser.
      expect(headerLinks(today.html)).not.toContain('Operator');
      // So are its hints: a customer who opens it downloads nothing of the operator side.
      expect(afterPaint(today.html)).toEqual([]);
      expect(today.html).not.toContain(`${operatorUrl}/mf-manifest.json`);
      expect(today.html).not.toContain('today.1a2b3c4d.js');
    } finally {
      await operator.close();
      rmSync(operatorRoot, { recursive: true, force: true });
    }
  });

  it('adds a page a remote deploys in its table, with its own paint and link, and drops one it removes: 404', async () => {
    const pages = pagesWith();
    expect((await pages.render('/offers')).statusCode).toBe(404);
    const offers = page({
      path: '/offers',
      title: 'Offers - Rentora',
      expose: './OffersPage',
      nav: { label: 'Offers', order: 25 },
      skeleton: '<h1>This week’s offers</h1>',
    });
    deployCatalog(catalogTable('Drive your dreams', [offers]));
    const added = await pages.render('/offers');
    expect([added.statusCode, added.html]).toEqual([200, expect.stringContaining('<h1>This week’s offers</h1>')]);
    expect(added.html).toContain('<title>Offers - Rentora</title>');
    expect(headerLinks(added.html)).toContain(
      '<li><a href="/vehicles">Vehicles</a></li><li><a aria-current="page" href="/offers">Offers</a></li>',
    );
    deployCatalog(catalogTable());
    expect((await pages.render('/offers')).statusCode).toBe(404);
    expect(headerLinks((await pages.render('/')).html)).not.toContain('Offers');
  });

  it('writes a host page’s links to other apps’ pages from their names, as the tables now say', async () => {
    const pages = pagesWith();
    const about = await pages.render('/about');
    expect(about.html).toContain('<a href="/vehicles">Browse the fleet</a>');
    // A name no table has now (its remote not read, or the page gone) leads home, not to a 404.
    expect(about.html).toContain('<a href="/">Offers</a>');
    expect(about.html).not.toContain('{page:');

    const moved = catalogTable();
    moved.pages = moved.pages.map((entry) => (entry.name === 'fleet' ? { ...entry, path: '/cars' } : entry));
    const offers = page({ name: 'offers', path: '/offers', expose: './OffersPage' });
    deployCatalog({ ...moved, pages: [...moved.pages, offers] });
    const after = await pages.render('/about');
    expect(after.html).toContain('<a href="/cars">Browse the fleet</a>');
    expect(after.html).toContain('<a href="/offers">Offers</a>');
  });

  it('reads no page-link token out of a page’s data', async () => {
    const sneaky = `Audi ${pageLinkToken('fleet')}`;
    const car = {
      _id: 'audi-q7',
      car_name: sneaky,
      image_url: 'https://images.example.com/q7.jpeg',
      price_per_day: 9000,
    };
    const { html } = await pagesWith({
      read: async () => ({ statusCode: 200, body: car, version: '"fleet-1"' }),
    }).render('/vehicles/audi-q7');
    expect(html).toContain(`<h1>${escapeHtml(sneaky)}</h1>`);
  });

  it('asks for the page’s data and its remote’s entry, chunk, styles and manifest, after the first paint', async () => {
    const { html } = await pagesWith().render('/vehicles/audi-q7');
    expect(afterPaint(html)).toEqual([
      { rel: 'preload', as: 'fetch', href: '/api/vehicles/audi-q7', crossorigin: 'anonymous' },
      { rel: 'preload', as: 'fetch', href: `${catalogUrl}/mf-manifest.json`, crossorigin: 'anonymous' },
      { rel: 'preload', as: 'script', href: `${catalogUrl}/remoteEntry.js` },
      { rel: 'preload', as: 'script', href: `${catalogUrl}/detail.1a2b3c4d.js` },
    ]);
    expect(html).not.toContain('<link rel="preload"');
    const home = (await pagesWith().render('/')).html;
    expect(afterPaint(home)).toContainEqual({
      rel: 'preload',
      as: 'style',
      href: `${catalogUrl}/home.1a2b3c4d.css`,
      fetchpriority: 'low',
    });
    expect(afterPaint((await pagesWith().render('/about')).html)).toEqual([]);
  });

  it('follows a remote deployed alone on the next page: its hints and its paint, with no host rebuild', async () => {
    const pages = pagesWith();
    expect((await pages.render('/')).html).toContain('home.1a2b3c4d.js');
    deployCatalog(catalogTable('Drive further'), 'home.5e6f7a8b.js');
    const { html } = await pages.render('/');
    expect(html).toContain('home.5e6f7a8b.js');
    expect(html).not.toContain('home.1a2b3c4d.js');
    expect(html).toContain('<h1>Drive further</h1>');
  });

  it('paints the remote page from HTML: in its slot, its asset URLs and CSS pointing at the remote', async () => {
    const { html, styleHashes } = await pagesWith().render('/');
    expect(html).toContain(
      // Between React's marks of a finished Suspense boundary: the host's slot adopts it as it is.
      '<main><div data-page-slot="catalog/HomePage" style="display:contents"><!--$--><div data-first-paint="" style="display:contents">' +
        '<span role="status" class="visually-hidden">Loading…</span>' +
        `<h1>Drive your dreams</h1><img src="${catalogUrl}/assets/car.1a2b3c4d.svg" alt=""></div><!--/$--></div></main>`,
    );
    const css = `.hero{background:url(${catalogUrl}/assets/hero.1a2b3c4d.svg)}`;
    expect(html).toContain(`<style>${css}</style>`);
    expect(styleHashes).toContain(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
  });

  it('paints a page asked for with a query from its skeleton, inert, since the paint shows no query', async () => {
    const { html } = await pagesWith({
      read: async () => ({ statusCode: 200, body: [], version: '"v1"' }),
    }).render('/vehicles', '?location=Goa');
    expect(html).toContain(
      '<div inert="" style="display:contents"><h1>Our fleet</h1><div role="status">Loading…</div></div>',
    );
  });

  it('still sends a page when a remote cannot be reached: its pages as last read, else a 404', async () => {
    const pages = pagesWith();
    expect((await pages.render('/')).statusCode).toBe(200);
    await remote.close();
    try {
      const again = await pages.render('/');
      expect(again.statusCode).toBe(200);
      expect(again.html).not.toContain('remoteEntry.js');
      const never = createHostPages({ root: hostRoot, remoteUrls: { catalog: 'http://127.0.0.1:9' } });
      expect((await never.render('/')).statusCode).toBe(404);
    } finally {
      remote = await startRemoteServer({
        root: remoteRoot,
        port: Number(new URL(catalogUrl).port),
        host: '127.0.0.1',
        corsOrigins: [],
      });
    }
  });

  it('is ready once every remote’s table is read, or names those it could not read in time', async () => {
    const pages = createHostPages({ root: hostRoot, remoteUrls: { catalog: catalogUrl } });
    expect(await pages.ready(2_000)).toEqual([]);
    expect((await pages.render('/')).statusCode).toBe(200);

    const never = createHostPages({
      root: hostRoot,
      remoteUrls: { catalog: catalogUrl, account: 'http://127.0.0.1:9' },
      manifestTimeoutMs: 50,
    });
    expect(await never.ready(300)).toEqual(['account']);
  });

  describe('a first paint that shows the page’s data', () => {
    const audi = {
      _id: 'audi q7/quattro',
      car_name: 'Audi "Q7" <Quattro> & co',
      image_url: 'https://images.example.com/q7.jpeg',
      price_per_day: 9000,
    };
    /** Pages whose first read the API answers 200 with what `answer` gives. */
    const reading = (answer: (url: string) => Promise<unknown>, asked: string[] = []) =>
      pagesWith({
        read: async (url) => {
          asked.push(url);
          return { statusCode: 200, body: await answer(url), version: '"car-1"' };
        },
      });

    it('writes the live car in, escaped, and puts its title in the document’s head', async () => {
      const asked: string[] = [];
      const { html } = await reading(async () => audi, asked).render('/vehicles/audi-q7');
      expect(asked).toEqual(['/api/vehicles/audi-q7']);
      expect(html).toContain('<title>Audi &quot;Q7&quot; &lt;Quattro&gt; &amp; co - Rentora</title>');
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain(
        '<h1>Audi &quot;Q7&quot; &lt;Quattro&gt; &amp; co</h1><img src="https://images.example.com/q7.jpeg?w=640" alt="">' +
          '<p>₹9000/day</p>',
      );
    });

    it('asks for the web fonts at once, and paints in them, only where the first paint’s text waits for them', async () => {
      const fontPreload = `<link rel="preload" as="font" type="font/woff2" crossorigin href="${FONT_FILE}">`;
      const waiting = catalogTable().pages.map((entry) =>
        entry.path === '/vehicles/:vehicleId'
          ? { ...entry, firstPaint: `<div ${WAITS_FOR_FONTS_ATTRIBUTE}>${entry.firstPaint ?? ''}</div>` }
          : entry,
      );
      deployCatalog({ pages: waiting, modals: [] });
      const pages = reading(async () => audi);
      const car = await pages.render('/vehicles/audi-q7');
      expect(car.html).toContain('<html lang="en-IN"><head>');
      expect(car.html).toContain(fontPreload);
      for (const other of [await pages.render('/about'), await pages.render('/'), await pages.render('/vehicles')]) {
        expect(other.html).toContain(`<html lang="en-IN" class="${FONTS_LATER_CLASS}"><head>`);
        expect(other.html).not.toContain('as="font"');
      }
      // Its skeleton (a query, or no data) has nothing waiting.
      const skeleton = await pages.render('/vehicles/audi-q7', '?from=2030-01-01');
      expect(skeleton.html).toContain(`class="${FONTS_LATER_CLASS}"`);
      expect(skeleton.html).not.toContain('as="font"');
    });

    it('repeats a list’s item for each car, up to its most, with the count’s words and each link URL-encoded', async () => {
      const one = await reading(async () => [audi]).render('/vehicles');
      expect(one.html).toContain(
        '<p>1 Result</p><ul><li><h2>Audi &quot;Q7&quot; &lt;Quattro&gt; &amp; co</h2>' +
          '<a href="/vehicles/audi%20q7%2Fquattro">Details</a></li></ul>',
      );
      const three = await reading(async () => [audi, { ...audi, car_name: 'BMW X5' }, audi]).render('/vehicles');
      expect(three.html).toContain('<p>3 Results</p>');
      expect(/<main>.*<\/main>/.exec(three.html)?.[0].match(/<li>/g)).toHaveLength(2);
      expect(three.html).toContain(`<h2>BMW X5</h2>`);
      expect(car(0)).toBe('{data:0.car_name}');
    });

    it('sends the page’s skeleton when its data cannot be read in time, or cannot fill every token', async () => {
      const never = new Promise<unknown>(() => undefined);
      const answers: [string, () => Promise<unknown>][] = [
        ['a failed read', () => Promise.reject(new Error('database gone'))],
        ['a read slower than its time', () => never],
        ['a missing field', async () => ({ ...audi, price_per_day: undefined })],
        ['a field that is not text', async () => ({ ...audi, car_name: ['Audi'] })],
        ['a photo that is not an https URL', async () => ({ ...audi, image_url: 'javascript:alert(1)' })],
        ['a photo that would split a srcset', async () => ({ ...audi, image_url: 'https://a.example/x.jpeg 2x, y' })],
      ];
      for (const [why, answer] of answers) {
        const { html, statusCode } = await reading(answer).render('/vehicles/audi-q7');
        expect([why, statusCode]).toEqual([why, 200]);
        expect([why, html.includes('<div role="status">Loading car details…</div>')]).toEqual([why, true]);
        expect([why, /\{(data|src|url|plural):/.test(html)]).toEqual([why, false]);
      }
    });

    it('is the site’s 404 page, sent as a 404, when the API says the car does not exist, until it does', async () => {
      let answer: ReadAnswer = { statusCode: 404, version: '404' };
      const asked: string[] = [];
      const pages = pagesWith({
        read: async (url) => {
          asked.push(url);
          return answer;
        },
      });
      // With a query too (a shared link's tracking): the car is missing all the same.
      for (const search of ['', '?utm_source=mail']) {
        const gone = await pages.render('/vehicles/gone', search);
        expect([search, gone.statusCode]).toEqual([search, 404]);
        expect(gone.html).toContain('<main><h1>Page Not Found!</h1></main>');
        expect(gone.html).toContain('<title>Error 404 - Page Not Found!</title>');
        expect(gone.html).not.toContain('data-page-slot');
        expect(afterPaint(gone.html)).toEqual([]);
      }
      expect(asked).toEqual(['/api/vehicles/gone', '/api/vehicles/gone']);
      // A page whose path names nothing (the fleet) is never missing: a 404 of its read says nothing of it.
      const fleet = await pages.render('/vehicles');
      expect([fleet.statusCode, fleet.html]).toEqual([200, expect.stringContaining('<h1>Our fleet</h1>')]);
      // Kept, as the car's page would be, while the read answers the same: a car added then is found.
      expect(await pages.render('/vehicles/gone')).toBe(await pages.render('/vehicles/gone'));
      answer = { statusCode: 200, body: audi, version: '"car-1"' };
      const added = await pages.render('/vehicles/gone');
      expect([added.statusCode, added.html]).toEqual([200, expect.stringContaining('<h1>Audi &quot;Q7&quot;')]);
    });

    it('sends the skeleton with a 200 for any other answer, and asks again next time: it says nothing of the car', async () => {
      for (const statusCode of [400, 401, 500, 503]) {
        const asked: string[] = [];
        const pages = pagesWith({
          read: async (url) => {
            asked.push(url);
            return { statusCode };
          },
        });
        const page = await pages.render('/vehicles/audi-q7');
        expect([statusCode, page.statusCode]).toEqual([statusCode, 200]);
        expect(page.html).toContain('<div role="status">Loading car details…</div>');
        await pages.render('/vehicles/audi-q7');
        expect([statusCode, asked.length]).toEqual([statusCode, 2]);
      }
    });

    it('is written once per version of its inputs: the same page until its read’s answer, a table or the host change', async () => {
      let answer: ReadAnswer = { statusCode: 200, body: audi, version: '"car-1"' };
      const pages = pagesWith({ read: async () => answer });
      const first = await pages.render('/vehicles/audi-q7');
      expect(await pages.render('/vehicles/audi-q7')).toBe(first);
      // The car's own read changed (another price, say), whatever the rest of the fleet did.
      answer = { statusCode: 200, body: { ...audi, car_name: 'Audi Q8' }, version: '"car-2"' };
      const second = await pages.render('/vehicles/audi-q7');
      expect(second).not.toBe(first);
      expect(second.html).toContain('<h1>Audi Q8');
      deployCatalog(catalogTable('Drive further'));
      expect(await pages.render('/vehicles/audi-q7')).not.toBe(second);
      const about = await pages.render('/about');
      deployHost('About Rentora, redeployed');
      const redeployed = await pages.render('/about');
      expect(redeployed).not.toBe(about);
      expect(redeployed.html).toContain('<h1>About Rentora, redeployed</h1>');
      deployHost();
    });

    it('keeps no page made from an answer whose version cannot be told', async () => {
      const pages = pagesWith({ read: async () => ({ statusCode: 200, body: audi }) });
      expect(await pages.render('/vehicles/audi-q7')).not.toBe(await pages.render('/vehicles/audi-q7'));
    });

    it('asks for a read at most once while its answer is taken as current, however many pages want it', async () => {
      const asked: string[] = [];
      const pages = createHostPages({
        root: hostRoot,
        remoteUrls: REMOTE_URLS(),
        freshForMs: 60_000,
        pageData: {
          read: async (url) => {
            asked.push(url);
            return { statusCode: 200, body: audi, version: '"car-1"' };
          },
        },
      });
      await Promise.all([pages.render('/vehicles/audi-q7'), pages.render('/vehicles/audi-q7')]);
      await pages.render('/vehicles/audi-q7');
      expect(asked).toEqual(['/api/vehicles/audi-q7']);
    });
  });

  describe('with the API’s own answers, read in the server’s process', () => {
    let api: FastifyInstance;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'rentora-data-'));
      api = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    });
    afterAll(async () => {
      await api.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('sends a car the fleet does not have as the 404 page, and one it has painted', async () => {
      // Time enough for a cold API's first answers on a loaded machine.
      const pages = createHostPages({
        root: hostRoot,
        remoteUrls: REMOTE_URLS(),
        pageData: apiPageData(api),
        dataTimeoutMs: 5_000,
      });
      const missing = await pages.render('/vehicles/no-such-car');
      expect([missing.statusCode, missing.html]).toEqual([404, expect.stringContaining('<h1>Page Not Found!</h1>')]);
      const [first] = (await api.inject({ method: 'GET', url: '/api/vehicles' })).json<{ _id: string }[]>();
      const carPath = `/vehicles/${first?._id ?? ''}`;
      const car = (await api.inject({ method: 'GET', url: `/api${carPath}` })).json<{ car_name: string }>();
      const found = await pages.render(carPath);
      expect([found.statusCode, found.html]).toEqual([
        200,
        expect.stringContaining(`<h1>${escapeHtml(car.car_name)}</h1>`),
      ]);
    });
    it('versions each read by its own answer: the fleet by its ETag, a car by what it sent, which a booking changes', async () => {
      const data = apiPageData(api);
      const fleet = await data.read('/api/vehicles');
      const etag = (await api.inject({ method: 'GET', url: '/api/vehicles' })).headers.etag;
      expect(fleet.version).toBe(etag);
      expect((await data.read('/api/vehicles')).version).toBe(etag);

      const car = await data.read('/api/vehicles/audi-q7');
      expect(car.version).toEqual(expect.any(String));
      expect((await data.read('/api/vehicles/audi-q7')).version).toBe(car.version);
      const registered = await api.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: {
          name: 'Asha Rao',
          email: `versions-${Date.now()}@example.com`,
          password: 'long-enough-pw',
          avatar: 'avatar1',
        },
      });
      const { token } = registered.json<{ token: string }>();
      const [pickUp, dropOff] = [addDays(businessToday(), 40), addDays(businessToday(), 42)];
      const booked = await api.inject({
        method: 'POST',
        url: '/api/book-ride/audi-q7',
        headers: { authorization: `Bearer ${token}` },
        payload: { ...VALID_BOOKING_DETAILS, pick_up_date: pickUp, drop_off_date: dropOff },
      });
      expect(booked.statusCode).toBe(201);
      expect((await data.read('/api/vehicles/audi-q7')).version).not.toBe(car.version);
      expect((await data.read('/api/vehicles/no-such-car')).statusCode).toBe(404);
    });
  });

  // SQLite always; PostgreSQL too when TEST_DATABASE_URL names a server.
  describe.each(process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'])(
    'after a write on this instance, on %s',
    (engine) => {
      let api: FastifyInstance;
      let dataDir: string;
      let database: PostgresDatabase | undefined;
      beforeAll(async () => {
        dataDir = mkdtempSync(path.join(tmpdir(), 'rentora-data-'));
        database = engine === 'postgres' ? await createPostgresDatabase() : undefined;
        api = await buildApp(
          loadConfig({
            DATA_DIR: dataDir,
            LOG_LEVEL: 'silent',
            ...(database && { DATABASE_URL: database.url, JWT_SECRET: 'a-secret-for-this-test-only-32-chars' }),
          }),
        );
      }, 60_000);
      afterAll(async () => {
        await api.close();
        await database?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      });

      it('writes the next fleet page with the car an operator just added, however fresh its read was', async () => {
        const pages = createHostPages({
          root: hostRoot,
          remoteUrls: REMOTE_URLS(),
          pageData: apiPageData(api),
          // Far longer than the write takes: only the write itself may make the page read the fleet again.
          freshForMs: 60_000,
          dataTimeoutMs: 5_000,
        });
        const results = (html: string) => /<p>(\d+) Results<\/p>/.exec(html)?.[1];
        const before = await pages.render('/vehicles');
        const count = (await api.inject({ method: 'GET', url: '/api/vehicles' })).json<unknown[]>().length;
        expect(results(before.html)).toBe(String(count));

        const email = `operator-${Date.now()}@example.com`;
        const registered = await api.inject({
          method: 'POST',
          url: '/api/user/register',
          payload: { name: 'Desk Operator', email, password: 'long-enough-pw', avatar: 'avatar1' },
        });
        await api.db.updateTable('users').set({ role: 'operator' }).where('email', '=', email).execute();
        const created = await api.inject({
          method: 'POST',
          url: '/api/operator/vehicles',
          headers: { authorization: `Bearer ${registered.json<{ token: string }>().token}` },
          payload: newCar(),
        });
        expect(created.statusCode).toBe(201);
        expect((await api.inject({ method: 'GET', url: '/api/vehicles' })).json<unknown[]>()).toHaveLength(count + 1);

        const after = await pages.render('/vehicles');
        expect(results(after.html)).toBe(String(count + 1));
        // A cold API and a password's hash on a loaded machine.
      }, 30_000);
    },
  );

  describe('the days a page’s date fields allow, counted from the server’s today', () => {
    const DATE_FIELDS =
      `<input type="date" name="pick_up_date" min="${firstPaintDay(0)}" max="${firstPaintDay(180)}">` +
      `<input type="date" name="drop_off_date" min="${firstPaintDay(0)}">`;
    /** Each date field's name, min and max, in the page's order. */
    const dateFields = (html: string) =>
      [...html.matchAll(/<input type="date" name="(\w+)" min="([^"]*)"(?: max="([^"]*)")?>/g)].map(
        ([, name, min, max]) => [name, min, max],
      );

    /** The catalog with date fields in the fleet page's first paint and skeleton, as the catalog's build writes them. */
    function deployWithDateFields() {
      const table = catalogTable();
      deployCatalog({
        ...table,
        pages: table.pages.map((entry) =>
          entry.path === '/vehicles'
            ? {
                ...entry,
                skeleton: entry.skeleton + DATE_FIELDS,
                firstPaint: `${entry.firstPaint ?? ''}${DATE_FIELDS}`,
              }
            : entry,
        ),
      });
    }

    it('writes them per request from the clock it is given, and writes the page again when the day changes', async () => {
      deployWithDateFields();
      let today = '2026-11-28';
      const pages = createHostPages({
        root: hostRoot,
        remoteUrls: REMOTE_URLS(),
        pageData: {
          read: async () => ({
            statusCode: 200,
            body: [{ _id: 'audi-q7', car_name: 'Audi Q7' }],
            version: '"fleet-1"',
          }),
        },
        dataTimeoutMs: 100,
        today: () => today,
      });
      const first = await pages.render('/vehicles');
      expect(first.html).toContain('<h2>Audi Q7</h2>');
      expect(dateFields(first.html)).toEqual([
        ['pick_up_date', '2026-11-28', '2027-05-27'],
        ['drop_off_date', '2026-11-28', undefined],
      ]);
      expect(await pages.render('/vehicles')).toBe(first);

      today = '2026-12-31';
      const next = await pages.render('/vehicles');
      expect(next).not.toBe(first);
      expect(dateFields(next.html)).toEqual([
        ['pick_up_date', '2026-12-31', '2027-06-29'],
        ['drop_off_date', '2026-12-31', undefined],
      ]);
      // A page asked for with a query gets its skeleton: its fields count from today too.
      expect(dateFields((await pages.render('/vehicles', '?location=Goa')).html)).toEqual([
        ['pick_up_date', '2026-12-31', '2027-06-29'],
        ['drop_off_date', '2026-12-31', undefined],
      ]);
      expect(next.html).not.toContain('{day:');
    });

    it('writes data that reads like a day token as the text it is', async () => {
      deployWithDateFields();
      const pages = createHostPages({
        root: hostRoot,
        remoteUrls: REMOTE_URLS(),
        pageData: {
          read: async () => ({
            statusCode: 200,
            body: [{ _id: 'x', car_name: firstPaintDay(1) }],
            version: '"fleet-1"',
          }),
        },
        dataTimeoutMs: 100,
        today: () => '2026-11-28',
      });
      const { html } = await pages.render('/vehicles');
      expect(html).toContain(`<h2>${firstPaintDay(1)}</h2>`);
      expect(dateFields(html)[0]).toEqual(['pick_up_date', '2026-11-28', '2027-05-27']);
    });
  });

  it('names its inline styles’ and start-up script’s hashes, for the page’s CSP, and not its data blocks', async () => {
    const { styleHashes, scriptHashes } = await pagesWith().render('/about');
    const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(styleHashes).toEqual([hashOf('body{margin:0}')]);
    expect(scriptHashes).toEqual([hashOf('start()')]);
  });
});
