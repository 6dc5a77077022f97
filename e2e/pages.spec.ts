import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Vehicle } from '@rentora/shared';
import {
  buildApp,
  copyCatalogSource,
  deploy,
  freshWork,
  hashTree,
  ownPort,
  root,
  serveHostWithCatalog,
} from './deploy';
import { dateFromToday, e2eSite, expect, holdHostEntry, serverControl, test } from './fixtures';

/**
 * Remotes own their pages (docs/architecture.md §2): a team adds a page to the site by deploying
 * its remote alone, and what a visitor does while a page starts is never lost.
 */

/** A new page for the catalog, in its own folder: its exposed module, its entry in the table, its expose. */
function addOffersPage(source: string): void {
  writeFileSync(
    path.join(source, 'src/exposed/offers-page.tsx'),
    `import type { PageComponent } from '@rentora/state';

function OffersPageExposed() {
  return (
    <section>
      <title>Offers - Rentora</title>
      <h1>This week’s offers</h1>
      <p>Ten per cent off every SUV booked for three days or more.</p>
    </section>
  );
}

export default OffersPageExposed satisfies PageComponent;
`,
  );
  editFile(path.join(source, 'src/pages.tsx'), [
    [
      "import type { RemoteTableDeclaration } from '@rentora/state';",
      "$&\nimport OffersPage from './exposed/offers-page';",
    ],
    [
      '  ],\n  modals: {},',
      `    {
      path: '/offers',
      title: 'Offers - Rentora',
      expose: './OffersPage',
      reads: [],
      what: 'the offers',
      nav: { label: 'Offers', order: 25 },
      access: 'everyone',
      skeleton: () => <OffersPage />,
    },
  ],
  modals: {},`,
    ],
  ]);
  editFile(path.join(source, 'module-federation.config.ts'), [
    [
      "'./VehicleDetailPage': './src/exposed/vehicle-detail-page.tsx',",
      "$&\n    './OffersPage': './src/exposed/offers-page.tsx',",
    ],
  ]);
}

/** Replaces each anchor in `file` once; an anchor the file no longer has fails here, not in the build. */
function editFile(file: string, edits: [anchor: string, replacement: string][]): void {
  let text = readFileSync(file, 'utf8');
  for (const [anchor, replacement] of edits) {
    if (!text.includes(anchor)) throw new Error(`${file} no longer has ${JSON.stringify(anchor)}: update this test.`);
    text = text.replace(anchor, replacement);
  }
  writeFileSync(file, text);
}

test(
  'a remote adds a page by deploying its files alone: its own HTML, its link and Back; removing it gives 404',
  serverControl('builds a new catalog version and deploys it, then the old one, beside a host of its own'),
  async ({ page }) => {
    test.setTimeout(180_000);
    const work = freshWork('add-a-page');
    const catalogFiles = path.join(work, 'catalog-live');
    cpSync(path.join(root, 'remote-catalog/dist'), catalogFiles, { recursive: true });
    const site = await serveHostWithCatalog(work, catalogFiles, ownPort(30), { pages: true });
    const header = page.getByRole('banner');
    try {
      await page.goto(site.hostOrigin);
      await expect(page.getByRole('heading', { level: 1, name: 'Drive Your Dreams with Rentora' })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Offers' })).toHaveCount(0);
      const hostBefore = hashTree(site.hostFiles);
      const stateBefore = hashTree(path.join(root, 'state/src'));

      // The catalog team adds the page in its own folder, builds and deploys the catalog alone.
      const source = copyCatalogSource(work);
      addOffersPage(source);
      const withOffers = buildApp(source);
      const withoutOffers = path.join(work, 'catalog-before');
      cpSync(catalogFiles, withoutOffers, { recursive: true });
      deploy(withOffers, catalogFiles);

      // Its HTML: the host's shell, with the page painted in it and its link in the navigation.
      const html = await page.request.get(`${site.hostOrigin}/offers`);
      expect(html.status()).toBe(200);
      const text = await html.text();
      expect(text).toContain('<title>Offers - Rentora</title>');
      expect(text).toMatch(/<main[^>]*>.*This week’s offers.*<\/main>/s);
      expect(text).toMatch(/<nav[^>]*aria-label="Main".*href="\/offers"[^>]*>Offers</s);

      // Reached by its header link, from a page the host renders, and Back leaves it.
      await page.reload();
      await header.getByRole('link', { name: 'Offers' }).click();
      await expect(page).toHaveURL(`${site.hostOrigin}/offers`);
      await expect(page.getByRole('heading', { level: 1, name: 'This week’s offers' })).toBeVisible();
      await expect(page).toHaveTitle('Offers - Rentora');
      await expect(header.getByRole('link', { name: 'Offers' })).toHaveAttribute('aria-current', 'page');
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: 'Drive Your Dreams with Rentora' })).toBeVisible();

      // No host rebuild, no new @rentora/state.
      expect(hashTree(site.hostFiles)).toEqual(hostBefore);
      expect(hashTree(path.join(root, 'state/src'))).toEqual(stateBefore);

      // Removed the same way: the page is gone, and so is its link.
      deploy(withoutOffers, catalogFiles);
      expect((await page.request.get(`${site.hostOrigin}/offers`)).status()).toBe(404);
      await page.goto(`${site.hostOrigin}/offers`);
      await expect(page.getByRole('heading', { name: 'Page Not Found!' })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Offers' })).toHaveCount(0);
    } finally {
      await site.close();
      rmSync(work, { recursive: true, force: true });
    }
  },
);

test.describe('what a visitor does while a page starts is kept', () => {
  test('a city chosen, dates filled and Search pressed before the page’s code runs: one search, for that city', async ({
    page,
  }) => {
    const [pickUp, dropOff] = [dateFromToday(20), dateFromToday(22)];
    // Without the live stream: another test's booking would have the dated results read again.
    await page.route('**/api/events*', (route) => route.abort());
    const entry = await holdHostEntry(page);
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/vehicles?')) searches.push(new URL(request.url()).search);
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    // The page as its HTML painted it: the fleet's cities are there already.
    const form = page.getByRole('form', { name: 'Find a car' });
    await form.getByRole('combobox', { name: 'Location' }).selectOption('Goa');
    await form.getByLabel('Pick-Up Date').fill(pickUp);
    await form.getByLabel('Drop-Off Date').fill(dropOff);
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL('/');

    entry.release();
    await expect(page).toHaveURL(`/vehicles?location=Goa&pick_up_date=${pickUp}&drop_off_date=${dropOff}`);
    await expect(page.getByText(/^\d+ Results?$/)).toBeVisible();
    const cities = await page
      .getByRole('list', { name: 'Cars' })
      .getByRole('link', { name: 'Check Details' })
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const fleet = (await (await page.request.get('/api/vehicles')).json()) as Vehicle[];
    const inGoa = new Set(fleet.filter((car) => car.location === 'Goa').map((car) => `/vehicles/${car._id}`));
    expect(cities.length).toBeGreaterThan(0);
    for (const href of cities) expect(inGoa.has(href ?? '')).toBe(true);
    // Sent once.
    expect(searches.filter((search) => search.includes('location=Goa'))).toHaveLength(1);
    await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue('Goa');
  });

  test('text typed in the fleet’s search keeps its focus and caret, and filters once the page runs', async ({
    page,
  }) => {
    const entry = await holdHostEntry(page);
    await page.goto('/vehicles', { waitUntil: 'domcontentloaded' });
    const search = page.getByPlaceholder('Search by car name');
    await search.click();
    await page.keyboard.type('Mercedes');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');

    entry.release();
    await expect(page).toHaveURL('/vehicles?q=Mercedes');
    await expect(page.getByText(/^\d+ Results?$/)).toBeVisible();
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('Mercedes');
    expect(await search.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([
      6, 6,
    ]);
    await page.keyboard.type('-');
    await expect(search).toHaveValue('Merced-es');
  });
});

test.describe('the fleet’s first paint holds', () => {
  test.use({ javaScriptEnabled: false });

  test('with the whole fleet: heading, toolbar, the number of cars and the first row', async ({ page, request }) => {
    // Again if the operator's test adds a car between the two reads.
    await expect(async () => {
      const fleet = (await (await request.get('/api/vehicles')).json()) as Vehicle[];
      await page.goto('/vehicles');
      await expect(page.getByText('Search and Book the Best Rental Vehicles')).toBeVisible();
      await expect(page.getByText(`${fleet.length} Results`, { exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await expect(page.getByRole('article')).toHaveCount(3);
  });

  /** The e2e site's fleet, as the page's data, through `change` and after `delay` ms. */
  const fleetData = (change: (fleet: Vehicle[]) => Vehicle[], delay = 0) => ({
    read: async (url: string) => {
      await new Promise((resolve) => setTimeout(resolve, delay));
      const answer = await fetch(`${e2eSite.baseUrl}${url}`);
      return { statusCode: answer.status, body: change((await answer.json()) as Vehicle[]) };
    },
    version: async () => undefined,
  });

  for (const { what, pageData, expected, port } of [
    {
      what: 'a one-car fleet',
      pageData: fleetData((fleet) => fleet.slice(0, 1)),
      expected: { count: '1 Result', cards: 1 },
      port: ownPort(40),
    },
    {
      what: 'an API slower than the page waits (500 ms)',
      pageData: fleetData((fleet) => fleet, 500),
      expected: { count: '', cards: 0 },
      port: ownPort(46),
    },
  ]) {
    test(
      `with ${what}: heading, toolbar and what the data allows`,
      serverControl('serves this checkout’s host build with page data of its own'),
      async ({ page }) => {
        test.setTimeout(90_000);
        const work = freshWork(`fleet-first-paint-${port}`);
        const site = await serveHostWithCatalog(work, path.join(root, 'remote-catalog/dist'), port, {
          pages: true,
          pageData,
        });
        try {
          await page.goto(`${site.hostOrigin}/vehicles`);
          await expect(page.getByText('Search and Book the Best Rental Vehicles')).toBeVisible();
          await expect(page.getByPlaceholder('Search by car name')).toBeVisible();
          await expect(page.getByRole('combobox', { name: 'Location' })).toBeVisible();
          if (expected.count) await expect(page.getByText(expected.count, { exact: true })).toBeVisible();
          await expect(page.getByRole('article')).toHaveCount(expected.cards);
        } finally {
          await site.close();
          rmSync(work, { recursive: true, force: true });
        }
      },
    );
  }
});
