import {
  expect,
  expectNoSeriousAxeViolations,
  gotoStarted,
  holdHostEntry,
  screenshots,
  serverControl,
  test,
} from './fixtures';
import { ADDED_PHOTO_HOST, e2eSite } from './site';

test.describe('site shell', () => {
  test('every route has its product title and the header links lead there', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Rentora - Quality Cars, Unmatched Experience');

    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Vehicles', exact: true }).click();
    await expect(page).toHaveURL(/\/vehicles$/);
    await expect(page).toHaveTitle('Browse Our Fleet - Cars for Every Need and Budget');

    await header.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('personal project');

    await header.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveTitle('Rentora - Quality Cars, Unmatched Experience');

    await header.getByRole('link', { name: 'Rentora home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('About links the fleet by the page’s name: in the page’s HTML, and once the site runs', async ({
    browser,
    page,
  }) => {
    const htmlOnly = await browser.newContext({ javaScriptEnabled: false });
    try {
      const before = await htmlOnly.newPage();
      await before.goto(new URL('/about', e2eSite.baseUrl).href);
      await expect(before.getByRole('link', { name: 'Browse the fleet' })).toHaveAttribute('href', '/vehicles');
    } finally {
      await htmlOnly.close();
    }
    await gotoStarted(page, '/about');
    await page.getByRole('link', { name: 'Browse the fleet' }).click();
    await expect(page).toHaveTitle('Browse Our Fleet - Cars for Every Need and Budget');
  });

  test('a page’s code is on its way once the pointer is over a link to it, before the click', async ({ page }) => {
    await gotoStarted(page, '/about');
    const catalogScripts: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(e2eSite.remotes.catalog) && request.resourceType() === 'script') {
        catalogScripts.push(request.url());
      }
    });
    const vehicles = page.getByRole('banner').getByRole('link', { name: 'Vehicles', exact: true });
    await vehicles.hover();
    await expect.poll(() => catalogScripts.length).toBeGreaterThan(0);
    const beforeTheClick = catalogScripts.length;
    await vehicles.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search and Book the Best Rental Vehicles');
    // Everything the fleet's page needed was asked for on the hover.
    expect(catalogScripts).toHaveLength(beforeTheClick);
  });

  test('an unknown path shows the 404 page with a way home', async ({ page }, testInfo) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveTitle('Error 404 - Page Not Found!');
    await expect(page.getByText('Error 404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page Not Found!' })).toBeVisible();
    await screenshots(page, testInfo, 'not-found');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a car the fleet does not have is the 404 page, sent as a 404, and stays it once the site has started', async ({
    page,
  }) => {
    // Each state of the main area, from the HTML on: the 404 page is never replaced by a loading state.
    await page.addInitScript(() => {
      const states: string[] = [];
      Object.assign(window, { mainStates: states });
      new MutationObserver(() => {
        const main = document.querySelector('main');
        const state = main?.querySelector('h1')?.textContent ?? main?.textContent?.trim() ?? '';
        if (state !== '' && states.at(-1) !== state) states.push(state);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const carRead = page.waitForResponse((response) => response.url().endsWith('/api/vehicles/no-such-car'));
    const sent = page.waitForResponse((response) => response.url().endsWith('/vehicles/no-such-car'));
    await gotoStarted(page, '/vehicles/no-such-car');
    expect((await sent).status()).toBe(404);
    expect((await carRead).status()).toBe(404);
    await expect(page).toHaveTitle('Error 404 - Page Not Found!');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found!' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { mainStates: string[] }).mainStates)).toEqual([
      'Page Not Found!',
    ]);
    // Back to it within the site: the host's route is the same 404 page.
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveTitle('Rentora - Quality Cars, Unmatched Experience');
    await page.goBack();
    await expect(page).toHaveTitle('Error 404 - Page Not Found!');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found!' })).toBeVisible();
  });

  test('the footer carries every element of docs/product.md §2', async ({ page }) => {
    await page.goto('/vehicles');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Rentora home' })).toBeVisible();
    await expect(footer.getByText('All Rights Reserved © 2024')).toBeVisible();
    for (const name of ['Home', 'Vehicles', 'About']) {
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    const credit = footer.getByRole('link', { name: 'the Rentora team' });
    await expect(credit).toHaveAttribute('href', /^https:\/\//);
    await expect(credit).toHaveAttribute('target', '_blank');

    await footer.getByRole('link', { name: 'What’s Rentora? Click Here!' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('finding, booking and managing rental cars');
  });

  test('the old page finishes leaving before the new one appears, then the window is at the top', async ({ page }) => {
    await gotoStarted(page, '/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Record every moment the main area holds more than one page heading.
    await page.evaluate(() => {
      const main = document.querySelector('main');
      const w = window as unknown as { overlaps: number; seen: string[] };
      w.overlaps = 0;
      w.seen = [];
      new MutationObserver(() => {
        const headings = main?.querySelectorAll('h1') ?? [];
        if (headings.length > 1) w.overlaps += 1;
        const first = headings[0]?.textContent ?? '';
        if (first && w.seen[w.seen.length - 1] !== first) w.seen.push(first);
      }).observe(main as Node, { childList: true, subtree: true });
    });
    await page.mouse.wheel(0, 2000);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Vehicles', exact: true }).click();
    await expect(page).toHaveTitle('Browse Our Fleet - Cars for Every Need and Budget');
    await expect(page.getByRole('heading', { name: 'Search and Book the Best Rental Vehicles' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { overlaps: number }).overlaps)).toBe(0);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('Sign Up opens one accessible dialog that closes on X, Escape and the backdrop', async ({ page }) => {
    await page.goto('/about');
    const signUp = page.getByRole('banner').getByRole('button', { name: 'Sign Up' });

    await signUp.click();
    const dialog = page.getByRole('dialog', { name: 'Sign Up' });
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(signUp).toBeFocused();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

    await signUp.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await signUp.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
  });

  test('focus stays inside an open dialog', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign Up' });
    await expect(dialog.getByRole('textbox').first()).toBeVisible();
    for (let press = 0; press < 25; press += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
  });

  test('on a phone the menu slides in from the top with the Navigation heading', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/about');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Up' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('region', { name: 'Navigation' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Sign Up' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await testInfo.attach('mobile-menu-375px', { body: await page.screenshot(), contentType: 'image/png' });

    await menu.getByRole('link', { name: 'Vehicles', exact: true }).click();
    await expect(page).toHaveURL(/\/vehicles$/);
    await expect(menu).toBeHidden();
  });

  test('a button pressed while the page is still loading does its job once the site has started', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    // The host's entry is held until the reader has pressed the HTML's menu button.
    const entry = await holdHostEntry(page);
    await page.goto('/about', { waitUntil: 'commit' });
    const openMenu = page.getByRole('button', { name: 'Open menu' });
    await openMenu.click();
    const menu = page.getByRole('region', { name: 'Navigation' });
    await expect(menu).toBeHidden();
    entry.release();

    await expect(menu).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  });

  test(
    'a page shows photos from a host PHOTO_HOSTS adds, and from no other host',
    serverControl(`needs a site started with PHOTO_HOSTS=${ADDED_PHOTO_HOST}, as the suite's own is`),
    async ({ page }) => {
      // Both hosts answer a picture here: only the page's policy decides whether it shows.
      const pixel = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      );
      const elsewhere = 'elsewhere.rentora.test';
      await page.route(
        (url) => [ADDED_PHOTO_HOST, elsewhere].includes(url.hostname),
        (route) => route.fulfill({ status: 200, contentType: 'image/png', body: pixel }),
      );
      await page.goto('/about');
      const widthOf = (src: string) =>
        page.evaluate(
          (address) =>
            new Promise<number>((resolve) => {
              const image = new Image();
              image.onload = () => resolve(image.naturalWidth);
              image.onerror = () => resolve(0);
              image.src = address;
            }),
          src,
        );
      expect(await widthOf(`https://${ADDED_PHOTO_HOST}/car.png`)).toBe(1);
      expect(await widthOf(`https://${elsewhere}/car.png`)).toBe(0);
    },
  );

  test('About and 404 have no serious accessibility violations', async ({ page }, testInfo) => {
    for (const path of ['/about', '/missing']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    }
    await page.goto('/about');
    await screenshots(page, testInfo, 'about');
  });
});
