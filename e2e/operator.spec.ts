import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import {
  dateFromToday,
  e2eSite,
  expect,
  expectNoSeriousAxeViolations,
  givenAdmin,
  gotoStarted,
  logInAs,
  newVisitorContext,
  registerUser,
  screenshots,
  staff,
  test,
  type TestUser,
  wizardAtDates,
} from './fixtures';

const displayDate = (iso: string) => iso.split('-').reverse().join('/');
const ROOT = path.resolve(__dirname, '..');

/**
 * The car the admin adds: one name for this run, so its page and rows are found by it. Its other
 * words look like the pages' first-paint tokens (`@rentora/shared/first-paint`): they must be shown
 * as written, never read as tokens.
 */
const CAR = {
  name: `Lexus LS 500h ${randomUUID().slice(0, 4)}`,
  brand: 'Lexus {data:*.car_name}',
  plate: `MH 01 LX ${1000 + Math.floor(Math.random() * 8999)}`,
  location: `Zz {data:0.description} ${randomUUID().slice(0, 4)}`,
  image: 'https://images.pexels.com/photos/7985342/pexels-photo-7985342.jpeg',
  description: '{data:nope} A quiet hybrid flagship with rear seats made for long city days.',
  fuel: 'Hybrid {url:_id}',
  engine: '3456 cc {src:image_url}',
  transmission: 'Automatic {data:length}',
};

/** `create-admin`, as a deployment runs it against the API's database (README: the first admin). */
function createAdmin(email: string, password: string) {
  return spawnSync(process.execPath, [path.join(ROOT, 'api/dist/main.cjs'), 'create-admin'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: password,
      ADMIN_NAME: 'Priya Raman',
      LOG_LEVEL: 'warn',
    },
  });
}

/**
 * The admin the journey works as: on the suite's own site, one create-admin makes on its
 * database; against a site, the one E2E_ADMIN_EMAIL/E2E_ADMIN_PASSWORD name (else the test is skipped).
 */
function theAdmin(): { email: string; password: string } {
  if (!e2eSite.local && givenAdmin) return givenAdmin;
  const admin = { email: `admin-${randomUUID()}@example.com`, password: 'a-long-admin-password-9' };
  const made = createAdmin(admin.email, admin.password);
  expect(made.status, made.stderr).toBe(0);
  return admin;
}

async function logInThroughTheSite(page: Page, email: string, password: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
  await page.getByRole('button', { name: 'Already have an account? Login Here!' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog.getByText('Logged in successfully!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
}

async function addCar(page: Page) {
  await page.getByRole('button', { name: 'Add a car' }).click();
  const form = page.getByRole('dialog', { name: 'Add a car' });
  await form.getByLabel('Name').fill(CAR.name);
  await form.getByLabel('Brand').fill(CAR.brand);
  await form.getByLabel('Licence plate').fill(CAR.plate);
  await form.getByLabel('Location').fill(CAR.location);
  await form.getByLabel('Price per day (₹)').fill('32000');
  await form.getByLabel('Seats').fill('5');
  await form.getByLabel('Model year').fill('2025');
  await form.getByLabel('Mileage (km/l)').fill('15.6');
  await form.getByLabel('Fuel').fill(CAR.fuel);
  await form.getByLabel('Engine').fill(CAR.engine);
  await form.getByLabel('Transmission').fill(CAR.transmission);
  await form.getByLabel('Rating (0–5)').fill('4.7');
  await form.getByLabel('Photo address (https)').fill(CAR.image);
  await form.getByLabel('Type').selectOption('Sedan');
  await expect(form.getByLabel('Status')).toHaveValue('in_service');
  await form.getByLabel('Description').fill(CAR.description);
  return form;
}

/** The customer's Profile, opened on a freshly loaded page: the row of the car's rental. */
async function openRentals(page: Page): Promise<Locator> {
  await page.reload();
  await page.getByRole('banner').getByRole('button', { name: 'Open profile' }).click();
  const profile = page.getByRole('dialog', { name: 'Profile' });
  await expect(profile.getByRole('heading', { name: 'Your rentals' })).toBeVisible();
  return profile.getByRole('listitem').filter({ hasText: CAR.name });
}

/** At 1440 px a table fits its frame: nothing, however long, pushes `control` (a row's last action) out of view. */
async function expectInsideItsFrame(table: Locator, control: Locator) {
  const frame = table.locator('xpath=..');
  const [frameBox, controlBox] = [await frame.boundingBox(), await control.boundingBox()];
  expect(controlBox && frameBox && controlBox.x + controlBox.width).toBeLessThanOrEqual(
    (frameBox?.x ?? 0) + (frameBox?.width ?? 0),
  );
  expect(await frame.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
}

/** At 375 px the operator page's tables are cards: nothing may push the page sideways. */
async function expectPhoneFit(page: Page) {
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A hand-over or a return, with a note for the booking's history (an ordinary move needs none). */
async function moveStage(page: Page, action: string, customer: TestUser, note: string) {
  await page.getByRole('button', { name: `${action}: ${CAR.name}, ${customer.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `${action}?` });
  await dialog.getByLabel('Note (optional, kept in the booking’s history)').fill(note);
  await expectNoSeriousAxeViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: action }).click();
  await expect(dialog).toBeHidden();
}

test.describe('Operations', () => {
  test('a visitor’s or a customer’s /operator is the 404 page, and downloads none of the operator’s files', async ({
    page,
    request,
  }) => {
    const operatorFiles: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().startsWith(e2eSite.remotes.operator)) operatorFiles.push(sent.url());
    });
    const notFound = page.getByRole('heading', { name: 'Page Not Found!' });
    await gotoStarted(page, '/operator');
    await expect(notFound).toBeVisible();
    const customer = await registerUser(request, 'Asha Verma');
    await logInAs(page, customer);
    await gotoStarted(page, '/operator/fleet');
    // The customer's role is known: the header shows their profile, and the page is a 404.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Open profile' })).toBeVisible();
    await expect(page).toHaveTitle('Error 404 - Page Not Found!');
    await expect(notFound).toBeVisible();
    // What the start-up script asks for after the first paint has long been asked for by now.
    await page.waitForLoadState('networkidle');
    expect(operatorFiles).toEqual([]);
  });

  test(
    'the first admin adds a car, blocks it, runs a customer’s rental to its end, then takes the car off the road',
    staff,
    async ({ page, browser, request }, testInfo) => {
      // One journey across two browsers and three dozen steps, with screenshots at two widths.
      test.setTimeout(240_000);
      // 1. create-admin makes an admin, who logs in and follows "Operations".
      const admin = theAdmin();
      await gotoStarted(page, '/');
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: 'Vehicles' })).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Operations' })).toHaveCount(0);
      await logInThroughTheSite(page, admin.email, admin.password);
      await banner.getByRole('link', { name: 'Operations' }).click();
      await expect(page).toHaveURL(/\/operator$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Operations' }).getByRole('link')).toHaveText([
        'Today',
        'Fleet',
        'Bookings',
        'Payments',
        'Team',
        'Settings',
        'Audit',
      ]);
      await expectNoSeriousAxeViolations(page);

      // 2. The admin adds a car in service, and it appears on /vehicles.
      await page.getByRole('navigation', { name: 'Operations' }).getByRole('link', { name: 'Fleet' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Fleet' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Cars' }).getByRole('row').nth(1)).toBeVisible();
      await screenshots(page, testInfo, 'operator-fleet');
      await expectPhoneFit(page);
      const form = await addCar(page);
      await expectNoSeriousAxeViolations(page, '[role="dialog"]');
      await screenshots(page, testInfo, 'operator-car-form');
      await form.getByRole('button', { name: 'Add car' }).click();
      await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(`${CAR.name} added.`);
      await expect(form).toBeHidden();

      await page.getByLabel('Search').fill(CAR.name);
      await page.getByLabel('Search').press('Enter');
      const carRow = page.getByRole('table', { name: 'Cars' }).getByRole('row').filter({ hasText: CAR.name });
      await expect(carRow).toContainText('In service');

      const customerContext = await newVisitorContext(browser);
      const customerPage = await customerContext.newPage();
      // The operator remote loads only for an operator page: a customer's pages never fetch it.
      const operatorFiles: string[] = [];
      customerPage.on('request', (sent) => {
        if (sent.url().startsWith(e2eSite.remotes.operator)) operatorFiles.push(sent.url());
      });
      try {
        // A renter with a long email and nowhere a line may break, as corporate ones are: the desk's tables must still fit it.
        const customer = await registerUser(
          request,
          'Asha Verma',
          `asha.verma.${randomUUID().replaceAll('-', '')}.travel@corporatebookingsdesk.example.com`,
        );
        await logInAs(customerPage, customer);
        await customerPage.goto('/vehicles');
        const card = customerPage.getByRole('article', { name: CAR.name });
        await expect(card).toBeVisible();
        // The car's city, as the home and fleet pages' HTML paint their cities: as written, the paint
        // whole (docs/architecture.md §2). The pages follow the fleet within a quarter of a second.
        for (const pathname of ['/', '/vehicles']) {
          await expect
            .poll(async () => (await request.get(pathname)).text())
            .toContain(`>${CAR.location} (1 car)</option>`);
        }

        // 3. The admin blocks three days; a customer sees them as booked and the wizard refuses them.
        const blockStart = dateFromToday(4);
        const blockEnd = dateFromToday(6);
        await carRow.getByRole('button', { name: `Blocks of ${CAR.name}` }).click();
        const blocks = page.getByRole('dialog', { name: `Blocks of ${CAR.name}` });
        await expect(blocks.getByRole('grid', { name: `Blocks of ${CAR.name}` })).toBeVisible();
        await blocks.getByLabel('First day').fill(blockStart);
        await blocks.getByLabel('Last day').fill(blockEnd);
        await blocks.getByLabel('Reason', { exact: true }).selectOption('maintenance');
        await blocks.getByLabel('Note (optional)').fill('Annual service at the Lexus workshop');
        await blocks.getByRole('button', { name: 'Block these days' }).click();
        await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(
          `${CAR.name} blocked ${displayDate(blockStart)} → ${displayDate(blockEnd)}.`,
        );
        await expect(blocks.getByRole('list', { name: 'Upcoming blocks' })).toContainText(
          `${displayDate(blockStart)} → ${displayDate(blockEnd)} · Maintenance`,
        );
        await expectNoSeriousAxeViolations(page, '[role="dialog"]');
        await screenshots(page, testInfo, 'operator-blocks');
        await blocks.getByRole('button', { name: 'Close' }).click();

        await card.getByRole('link', { name: 'Check Details' }).click();
        await expect(customerPage.getByRole('heading', { level: 1, name: CAR.name })).toBeVisible();
        await expect(
          customerPage.getByText(`Booked: ${displayDate(blockStart)} → ${displayDate(blockEnd)}`),
        ).toBeVisible();
        await expect(customerPage.getByText('Maintenance')).toHaveCount(0);
        const wizard = await wizardAtDates(customerPage, customer);
        await wizard.getByLabel('Pick-Up Date').fill(dateFromToday(3));
        await wizard.getByLabel('Drop-Off Date').fill(dateFromToday(5));
        await expect(wizard.getByLabel('Drop-Off Date')).toHaveAccessibleDescription(
          `This car is already booked from ${displayDate(blockStart)} to ${displayDate(blockEnd)}. Please choose other dates.`,
        );

        // 4. The customer books other days: from today, so the desk can hand the car over.
        const pickUp = dateFromToday(0);
        const dropOff = dateFromToday(1);
        await wizard.getByLabel('Pick-Up Date').fill(pickUp);
        await wizard.getByLabel('Drop-Off Date').fill(dropOff);
        await wizard.getByRole('button', { name: 'Submit' }).click();
        await expect(wizard.getByRole('img', { name: 'Success' })).toBeVisible();
        await wizard.getByRole('button', { name: 'Done' }).click();

        // 5. The operator marks the rental picked up, and the customer cannot cancel it.
        await page.getByRole('navigation', { name: 'Operations' }).getByRole('link', { name: 'Today' }).click();
        const pickUps = page.getByRole('table', { name: 'Pick-ups today' });
        await expect(pickUps.getByRole('row').filter({ hasText: CAR.name })).toContainText(customer.name);
        await screenshots(page, testInfo, 'operator-today');
        await expectPhoneFit(page);
        const pickUpRow = pickUps.getByRole('row').filter({ hasText: CAR.name });
        await expect(pickUpRow).toContainText(customer.email);
        await expectInsideItsFrame(pickUps, pickUpRow.getByRole('button').last());
        await moveStage(page, 'Mark picked up', customer, 'Licence checked, keys handed over');
        await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(
          `${CAR.name} for ${customer.name}: Picked up.`,
        );
        await expect(pickUps.getByRole('row').filter({ hasText: CAR.name })).toHaveCount(0);

        const rental = await openRentals(customerPage);
        await expect(rental.getByText('Rental In Progress')).toBeVisible();
        await expect(rental.getByRole('button', { name: 'Cancel Rental' })).toHaveCount(0);
        const vehicleId = decodeURIComponent(new URL(customerPage.url()).pathname.split('/').pop() ?? '');
        const cancel = await request.post(`/api/cancel-ride/${encodeURIComponent(vehicleId)}`, {
          headers: { Authorization: `Bearer ${customer.token}` },
        });
        expect(cancel.status()).toBe(409);
        expect(await cancel.json()).toEqual({ message: 'This rental has started and can no longer be cancelled.' });
        await customerPage.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Close' }).click();

        // 6. The operator marks it completed, and the customer sees 'Rental Expired'.
        await page.getByRole('navigation', { name: 'Operations' }).getByRole('link', { name: 'Bookings' }).click();
        await page.getByLabel('Customer').fill(customer.email);
        await page.getByLabel('Customer').press('Enter');
        const bookings = page.getByRole('table', { name: 'Bookings' });
        await expect(bookings.getByRole('row').filter({ hasText: CAR.name })).toContainText('Picked up');
        await expect(bookings.getByRole('columnheader', { name: 'Dates' })).toHaveAttribute('aria-sort', 'ascending');
        await expectNoSeriousAxeViolations(page);
        await screenshots(page, testInfo, 'operator-bookings');
        await expectPhoneFit(page);
        // The customer keeps the Profile open meanwhile: it follows the rental live, with no reload.
        const finished = await openRentals(customerPage);
        await expect(finished.getByText('Rental In Progress')).toBeVisible();
        await moveStage(page, 'Mark completed', customer, 'Returned on time, no damage');
        await expect(bookings.getByRole('row').filter({ hasText: CAR.name })).toContainText('Completed');
        await expect(finished.getByText('Rental Expired')).toBeVisible();
        await expect(finished.getByRole('button', { name: 'Cancel Rental' })).toHaveCount(0);

        // 7. Live (docs/architecture.md §6): the admin takes the car off the road, and the
        // customer's open car page says 'Unavailable' within a second, with no reload.
        const streaming = customerPage.waitForResponse((response) => response.url().endsWith('/api/events'));
        await customerPage.reload();
        expect((await streaming).status()).toBe(200);
        await expect(customerPage.getByRole('button', { name: 'Book A Ride' })).toBeEnabled();
        const adminToken = await page.evaluate(() => window.localStorage.getItem('token'));
        const offTheRoad = await request.patch(`/api/operator/vehicles/${encodeURIComponent(vehicleId)}`, {
          headers: { Authorization: `Bearer ${adminToken ?? ''}` },
          data: { status: 'out_of_service' },
        });
        expect(offTheRoad.status()).toBe(200);
        await expect(customerPage.getByRole('button', { name: 'Unavailable' })).toBeDisabled({ timeout: 1_000 });
        // Its own page's HTML writes the words it paints as they are too.
        const carPage = `/vehicles/${encodeURIComponent(vehicleId)}`;
        const carHtml = await (await request.get(carPage)).text();
        for (const words of [CAR.name, CAR.brand, CAR.location, CAR.description]) expect(carHtml).toContain(words);

        // 8. The admin retires the car: its page is the site's 404 page, sent as a 404.
        const retired = await request.patch(`/api/operator/vehicles/${encodeURIComponent(vehicleId)}`, {
          headers: { Authorization: `Bearer ${adminToken ?? ''}` },
          data: { status: 'retired' },
        });
        expect(retired.status()).toBe(200);
        await expect.poll(async () => (await request.get(carPage)).status()).toBe(404);
        await gotoStarted(customerPage, carPage);
        await expect(customerPage).toHaveTitle('Error 404 - Page Not Found!');
        await expect(customerPage.getByRole('heading', { name: 'Page Not Found!' })).toBeVisible();
        expect(operatorFiles).toEqual([]);
      } finally {
        await customerContext.close();
      }
    },
  );
});
