import type { Page } from '@playwright/test';
import { expect, holdHostEntry, test } from './fixtures';

/**
 * Nothing moves under the reader: on every route, at phone and desktop widths, the layout
 * shifts of a first load add up to at most 0.01, counting the web fonts' swap and the
 * arrival of each remote's page (docs/architecture.md §2, first load), and nothing makes the
 * page scroll sideways.
 */
const MAX_LAYOUT_SHIFT = 0.01;

const ROUTES = [
  { path: '/', ready: { level: 1, name: 'Drive Your Dreams with Rentora' } },
  { path: '/vehicles', ready: { level: 1, name: 'Search and Book the Best Rental Vehicles' } },
  { path: '/vehicles/mercedes-benz-s-class', ready: { level: 1, name: 'Mercedes Benz S Class' } },
  { path: '/about', ready: { level: 1, name: /personal project/ } },
  { path: '/no/such/page', ready: { level: 1, name: 'Page Not Found!' } },
] as const;

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    rentoraShifts: Shift[];
    rentoraFirstFrameHadFooter?: boolean;
    rentoraSawLoading?: boolean;
    rentoraFontsLaterAtPaint?: boolean;
  }
}

for (const width of [375, 1440]) {
  for (const route of ROUTES) {
    test(`${route.path} at ${width} px: layout shift ≤ ${MAX_LAYOUT_SHIFT}`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.addInitScript(() => {
        window.rentoraShifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node?: Node | null }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            const sources = (entry.sources ?? []).map(({ node }) =>
              node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName),
            );
            window.rentoraShifts.push({ value: entry.value, sources });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });

      await page.goto(route.path);
      await expect(page.getByRole('heading', route.ready)).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.evaluate(async () => {
        await document.fonts.ready;
        // Two frames, so a shift caused by the last response is observed before reading.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      });

      // Nor does anything stick out sideways: the page never scrolls horizontally.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'pixels of sideways scrolling').toBeLessThanOrEqual(0);

      const shifts = await page.evaluate(() => window.rentoraShifts);
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(total, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
    });
  }
}

test('the first frame is painted with the whole page parsed, so nothing arriving later moves it', async ({ page }) => {
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      window.rentoraFirstFrameHadFooter = document.querySelector('footer') !== null;
    });
  });
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => window.rentoraFirstFrameHadFooter)).toBe(true);
});

/** When the page's first contentful paint was, and when it asked for each web font. */
async function fontsBesideFirstPaint(page: Page) {
  return page.evaluate(async () => {
    const paint = await new Promise<number>((resolve) =>
      new PerformanceObserver((list) => resolve(list.getEntries()[0]?.startTime ?? Number.NaN)).observe({
        type: 'paint',
        buffered: true,
      }),
    );
    await document.fonts.ready;
    const fonts = performance.getEntriesByType('resource').filter(({ name }) => name.endsWith('.woff2'));
    return { paint, fontsAskedAt: fonts.map(({ startTime }) => startTime) };
  });
}

for (const path of ['/', '/about']) {
  test(`${path}, with no text waiting for the web fonts, paints first, then takes them; the next visit at once`, async ({
    page,
  }) => {
    // Whether the first contentful paint was set in the fallbacks (`fonts-later` still on).
    await page.addInitScript(() => {
      new PerformanceObserver((_list, observer) => {
        observer.disconnect();
        window.rentoraFontsLaterAtPaint = document.documentElement.classList.contains('fonts-later');
      }).observe({ type: 'paint', buffered: true });
    });
    await page.goto(path);
    await expect(page.locator('html')).not.toHaveClass(/fonts-later/);
    expect(await page.evaluate(() => window.rentoraFontsLaterAtPaint)).toBe(true);
    const first = await fontsBesideFirstPaint(page);
    expect(first.fontsAskedAt.length).toBeGreaterThan(0);
    for (const askedAt of first.fontsAskedAt) expect(askedAt).toBeGreaterThan(first.paint);
    expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);

    await page.reload();
    await expect.poll(() => page.evaluate(() => window.rentoraFontsLaterAtPaint)).toBe(false);
    const next = await fontsBesideFirstPaint(page);
    for (const askedAt of next.fontsAskedAt) expect(askedAt).toBeLessThan(next.paint);
  });
}

test('a car’s page, whose name waits for the web fonts, asks for them before its first paint', async ({ page }) => {
  await page.goto('/vehicles/mercedes-benz-s-class');
  const { paint, fontsAskedAt } = await fontsBesideFirstPaint(page);
  expect(fontsAskedAt.length).toBeGreaterThan(0);
  for (const askedAt of fontsAskedAt) expect(askedAt).toBeLessThan(paint);
});

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('the home and fleet pages already show the catalog’s heading and search, from the HTML alone', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByText('Drive Your Dreams with Rentora')).toBeVisible();
    await expect(page.getByText('Get Started')).toBeVisible();
    await page.goto('/vehicles');
    await expect(page.getByText('Search and Book the Best Rental Vehicles')).toBeVisible();
    await expect(page.getByPlaceholder('Search by car name')).toBeVisible();
    // Usable at once (what is typed there is handed to the catalog's page); a status says it is loading.
    await expect(page.locator('[data-first-paint] [inert]')).toHaveCount(0);
    await expect(page.getByPlaceholder('Search by car name')).toBeEditable();
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(1);
    // Painted for another URL (a query), the page is inert: its fields do not show that query.
    await page.goto('/vehicles?q=audi');
    await expect(page.locator('[data-first-paint] > div')).toHaveAttribute('inert', '');
  });

  test('a car’s page already shows the live car, its title and price, from the HTML alone', async ({ page }) => {
    await page.goto('/vehicles/mercedes-benz-s-class');
    await expect(page).toHaveTitle('Mercedes Benz S Class - Rentora');
    await expect(page.getByText('Mercedes Benz S Class', { exact: true })).toBeVisible();
    await expect(page.getByText('The S Class is the benchmark limousine', { exact: false })).toBeVisible();
    await expect(page.getByText('₹25000')).toBeVisible();

    // A path that names no car is the site's 404 page (shell.spec.ts), not the car page's skeleton.
    await page.goto('/vehicles/no-such-car');
    await expect(page).toHaveTitle('Error 404 - Page Not Found!');
    await expect(page.getByText('Loading car details…')).toHaveCount(0);
  });

  test('the fleet page already shows its first row of cars, with their photos, from the HTML alone', async ({
    page,
    request,
  }) => {
    const cards = page.getByRole('article');
    // Again if the operator's test adds a car between the two reads.
    await expect(async () => {
      const fleet = (await (await request.get('/api/vehicles')).json()) as {
        car_name: string;
        price_per_day: number;
      }[];
      await page.goto('/vehicles');
      await expect(cards).toHaveCount(3);
      for (const [index, car] of fleet.slice(0, 3).entries()) {
        await expect(cards.nth(index).getByRole('heading', { level: 2 })).toHaveText(car.car_name);
        await expect(cards.nth(index).getByText(`₹${car.price_per_day}/day`)).toBeVisible();
        await expect(cards.nth(index).getByRole('img', { name: car.car_name })).toBeVisible();
      }
      await expect(page.getByText(`${fleet.length} Results`, { exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass();

    // On a phone the others are below the fold: the first paint shows the first card alone.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(cards.first()).toBeVisible();
    await expect(cards.nth(1)).toBeHidden();
  });

  /**
   * Where the page's blocks sit, as painted: the header and everything the catalog painted.
   * Read after a frame (a screenshot makes one; with scripts off no animation frame runs): before
   * its first frame a `content-visibility: auto` card still has its placeholder height.
   */
  const layoutOf = async (page: Page) => {
    await page.screenshot();
    return page.evaluate(() =>
      [...document.querySelectorAll('header *, [data-first-paint] *')].map((element) => {
        const { top, height } = element.getBoundingClientRect();
        return `${element.tagName.toLowerCase()} ${Math.round(top)}+${Math.round(height)}`;
      }),
    );
  };

  /** Whether the local fonts the fallbacks were sized against are installed here. */
  const hasLocalFonts = (page: Page, names: string[]) =>
    page.evaluate(
      (wanted) =>
        Promise.all(wanted.map((name) => new FontFace('probe', `local('${name}')`).load())).then(
          () => true,
          () => false,
        ),
      names,
    );

  for (const width of [375, 1440]) {
    test(`at ${width} px the pages painted from HTML sit the same before and after the web fonts`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/', '/vehicles']) {
        await page.unrouteAll();
        await page.goto(path);
        const fallbacks = ['Liberation Serif', 'Liberation Sans'];
        test.skip(!(await hasLocalFonts(page, fallbacks)), `needs the local fonts ${fallbacks.join(', ')}`);
        await page.evaluate(() => document.fonts.ready);
        const withWebFonts = await layoutOf(page);
        await page.route(/\.woff2$/, (route) => route.abort());
        await page.reload();
        await page.evaluate(() => document.fonts.ready);
        expect(await layoutOf(page), `${path} before the web fonts`).toEqual(withWebFonts);
      }
    });
  }
});

/**
 * A page painted from HTML with the server's data shows its text once the web fonts are in,
 * each block where the catalog's own render then puts it.
 */
const PAINTED_WITH_DATA = [
  {
    path: '/vehicles/mercedes-benz-s-class',
    // The car's name, description and price.
    blocks: () => 'h1, p',
    text: /^(Mercedes Benz S Class|The S Class is|₹25000)/,
    count: () => 3,
    rendered: (page: Page) => page.getByRole('heading', { name: 'Specs' }),
  },
  {
    path: '/vehicles',
    // The brand, name and price of each car in the first row; on a phone, of the first car alone.
    blocks: (width: number) => `[aria-label="Cars"] > li:nth-child(-n + ${width < 720 ? 1 : 3}) :is(h2, p)`,
    text: /./,
    count: (width: number) => (width < 720 ? 3 : 9),
    rendered: (page: Page) => page.getByRole('status').filter({ hasText: /^\d+ Results$/ }),
  },
];

test.describe('a page painted from HTML with the live data', () => {
  /** Where the data's text blocks sit, in the first paint or the catalog's page. */
  const textLayout = (page: Page, scope: string, blocks: string, text: RegExp) =>
    page.evaluate(
      ({ selector, source }) =>
        [...document.querySelectorAll(selector)]
          .filter(
            (element) => element.getClientRects().length > 0 && new RegExp(source).test(element.textContent ?? ''),
          )
          .map((element) => {
            const { left, top, width, height } = element.getBoundingClientRect();
            return `${element.tagName.toLowerCase()} ${[left, top, width, height].map(Math.round).join(',')}`;
          }),
      { selector: `${scope} :is(${blocks})`, source: text.source },
    );

  for (const painted of PAINTED_WITH_DATA) {
    for (const width of [375, 1440]) {
      test(`${painted.path} at ${width} px shows its text once the fonts are in, where the catalog’s page then shows it`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 900 });
        const entry = await holdHostEntry(page);
        // Not until `load`: a main.js added before it (at the first paint) holds it, and it is held here.
        await page.goto(painted.path, { waitUntil: 'domcontentloaded' });
        await expect(page.locator('html')).toHaveClass(/fonts-ready/);
        expect(await page.evaluate(() => document.fonts.status)).toBe('loaded');
        const blocks = painted.blocks(width);
        const firstPaint = await textLayout(page, '[data-first-paint]', blocks, painted.text);
        expect(firstPaint).toHaveLength(painted.count(width));

        entry.release();
        await expect(painted.rendered(page)).toBeVisible();
        expect(await textLayout(page, 'main', blocks, painted.text)).toEqual(firstPaint);
      });
    }
  }
});

test.describe('the server’s first paint gives way only once the page’s data is in', () => {
  for (const { path, ready } of [
    { path: '/vehicles', ready: { level: 2, name: 'Mercedes Benz S Class' } },
    { path: '/vehicles/mercedes-benz-s-class', ready: { level: 1, name: 'Mercedes Benz S Class' } },
  ] as const) {
    test(`${path}: no loading state between the first paint and the page, with a slow API`, async ({ page }) => {
      await page.addInitScript(() => {
        // The catalog's own loading state, anywhere outside the first paint it replaces.
        new MutationObserver(() => {
          if (document.querySelector('main [aria-busy="true"]:not([data-first-paint] *)')) {
            window.rentoraSawLoading = true;
          }
        }).observe(document, { subtree: true, childList: true });
      });
      // Slower than the catalog's code, well within the first paint's hold of a second.
      await page.route(/\/api\/vehicles(\/[\w-]+)?$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await route.continue();
      });

      await page.goto(path);
      await expect(page.locator('[data-first-paint]')).toHaveCount(0);
      await expect(page.getByRole('heading', ready).first()).toBeVisible();
      expect(await page.evaluate(() => window.rentoraSawLoading ?? false)).toBe(false);
    });
  }
});
