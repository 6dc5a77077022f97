import type { APIRequestContext } from '@playwright/test';
import {
  bookThroughApi,
  dateFromToday,
  expect,
  freeDays,
  gotoShown,
  expectNoSeriousAxeViolations,
  logInAs,
  registerUser,
  screenshots,
  test,
} from './fixtures';

/** The whole fleet as the API counts it now: the operator's test adds a car to it while the suite runs. */
async function fleetSize(request: APIRequestContext): Promise<number> {
  return ((await (await request.get('/api/vehicles')).json()) as unknown[]).length;
}

function displayDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

test.describe('catalog: home', () => {
  test('shows the hero, the fleet categories and how it works', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Rentora - Quality Cars, Unmatched Experience');
    await expect(page.getByText('Trusted by 1,000+ happy riders!🌟')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Drive Your Dreams with Rentora' })).toBeVisible();
    // The hero's picture travels inside the page's stylesheet: painted with the first frame, no request of its own.
    const picture = page
      .getByRole('region', { name: 'Drive Your Dreams with Rentora' })
      .locator('[aria-hidden="true"]');
    // Retried: the server's first paint and then the catalog's own page both carry it.
    await expect(picture.first()).toHaveCSS('background-image', /^url\("data:image\/svg\+xml/);

    const fleet = page.getByRole('region', { name: 'Explore Our Fleet' });
    for (const name of ['Sedans', 'SUVs', 'Supercars', 'Coupe']) {
      await expect(fleet.getByRole('link', { name })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'How It Works?' }).getByRole('heading', { level: 3 })).toHaveText([
      'Choose a Car',
      'Book the Car',
      'Rental Successful!',
    ]);
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, testInfo, 'home');
  });

  test('breaks the hero heading above 481 px and shortens the fleet text under 480 px', async ({ page }) => {
    const heading = page.getByRole('heading', { level: 1, name: 'Drive Your Dreams with Rentora' });
    const brand = heading.getByText('Rentora', { exact: true });
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto('/');
    // Measured on the catalog's own page, once the first paint it replaces has gone.
    await expect(page.locator('[data-first-paint]')).toHaveCount(0);
    await expect(brand).toBeVisible();
    const wide = await brand.boundingBox();
    const wideHeading = await heading.boundingBox();
    expect(Math.round(wide!.x)).toBe(Math.round(wideHeading!.x));

    await page.setViewportSize({ width: 400, height: 800 });
    await expect(page.getByText('Sedans, SUVs and supercars, ready when you are.')).toBeVisible();
  });

  test('a category chip opens the fleet filtered to it; Get Started opens the whole fleet', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Supercars' }).click();
    await expect(page).toHaveURL(/\/vehicles\?category=Sports$/);
    await expect(page.getByText('5 Results')).toBeVisible();

    const fleet = await fleetSize(request);
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/vehicles$/);
    await expect(page.getByText(`${fleet} Results`, { exact: true })).toBeVisible();
  });
});

test.describe('catalog: fleet list', () => {
  test('searches, sorts and keeps the query in the URL', async ({ page, request }, testInfo) => {
    // An axe scan, screenshots at two widths and a reload: on a busy 2-core machine, over 30 s.
    test.slow();
    const fleet = await fleetSize(request);
    await page.goto('/vehicles');
    await expect(page).toHaveTitle('Browse Our Fleet - Cars for Every Need and Budget');
    await expect(page.getByText(`${fleet} Results`, { exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, testInfo, 'fleet');

    await page.getByRole('searchbox', { name: 'Search by car name' }).fill('  LAMBORGHINI ');
    await expect(page.getByText('3 Results')).toBeVisible();
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price(Highest)' });
    await expect(page.getByRole('list', { name: 'Cars' }).getByRole('heading', { level: 2 })).toHaveText([
      'Lamborghini Aventador',
      'Lamborghini Huracan',
      'Lamborghini Urus',
    ]);
    await page.reload();
    await expect(page.getByText('3 Results')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('highest');

    await page.getByRole('searchbox', { name: 'Search by car name' }).fill('no such car');
    await expect(page.getByText('No cars found!')).toBeVisible();
    await expect(page.getByText('0 Results')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });

  test('opens a car from its card, and Back returns without fetching the list again', async ({ page }) => {
    await gotoShown(page, '/vehicles');
    const count = page.getByText(/^\d+ Results$/);
    await expect(count).toBeVisible();
    const shown = await count.textContent();
    let listRequests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/vehicles') listRequests += 1;
    });
    await page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Audi Q7' }) })
      .getByRole('link', { name: 'Check Details' })
      .click();
    await expect(page).toHaveURL(/\/vehicles\/audi-q7$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Audi Q7' })).toBeVisible();
    await page.goBack();
    await expect(count).toHaveText(shown ?? '');
    expect(listRequests).toBe(0);
  });
});

test.describe('catalog: vehicle detail', () => {
  test('logged out: the booking button is disabled and Register here! opens Sign Up', async ({ page }, testInfo) => {
    await page.goto('/vehicles/mercedes-benz-s-class');
    await expect(page).toHaveTitle('Mercedes Benz S Class - Rentora');
    await expect(page.getByRole('button', { name: 'Book A Ride' })).toBeDisabled();
    await expect(page.getByText("You're not logged in. Register here!")).toBeVisible();
    await expect(page.getByRole('img', { name: 'Rated 4.9 out of 5' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Average/ })).toContainText('15 KMPL');
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, testInfo, 'vehicle-detail');

    await page.getByRole('button', { name: 'Register here!' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('previews the photo full screen and closes it by keyboard', async ({ page }, testInfo) => {
    await page.goto('/vehicles/bmw-x5');
    // The catalog's own page, with its specs, has replaced the one painted from HTML.
    await expect(page.getByRole('heading', { name: 'Specs' })).toBeVisible();
    await page.getByRole('button', { name: 'View BMW X5 full screen' }).focus();
    await page.keyboard.press('Enter');
    const preview = page.getByRole('dialog', { name: 'BMW X5 photo' });
    await expect(preview).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close preview' })).toBeFocused();
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');
    await screenshots(page, testInfo, 'vehicle-preview');
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();
  });

  test('logged in: books through the modal and shows the booked dates', async ({ page, request }, testInfo) => {
    const user = await registerUser(request);
    const start = await freeDays(request, testInfo, ['volvo-s90'], 3);
    const pickUp = dateFromToday(start);
    const dropOff = dateFromToday(start + 2);
    expect(
      (await bookThroughApi(request, user, 'volvo-s90', { pick_up_date: pickUp, drop_off_date: dropOff })).ok(),
    ).toBe(true);
    await logInAs(page, user);
    await page.goto('/vehicles/volvo-s90');
    await expect(page.getByText(`Booked: ${displayDate(pickUp)} → ${displayDate(dropOff)}`)).toBeVisible();
    await expect(page.getByText("You're not logged in.")).toBeHidden();
    // The signed-in page, with its 'Already booked' panel.
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Book A Ride' }).click();
    await expect(page.getByRole('dialog', { name: 'Book Ride' })).toBeVisible();
  });

  test('an unavailable car cannot be booked', async ({ page, request }) => {
    await logInAs(page, await registerUser(request));
    await page.goto('/vehicles/ferrari-488');
    await expect(page.getByRole('button', { name: 'Unavailable' })).toBeDisabled();
  });
});
