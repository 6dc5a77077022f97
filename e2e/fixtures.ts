import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { SITE_STARTED_EVENT } from '@rentora/shared/first-paint';
import { VALID_BOOKING_DETAILS } from '@rentora/shared/testing/booking-form';
import { e2eSite } from './site';

export { expect };

export interface TestUser {
  name: string;
  email: string;
  password: string;
  avatar: string;
  token: string;
}

/** Registers a fresh user through the real API. */
export async function registerUser(
  request: APIRequestContext,
  name = 'Asha Verma',
  email = `e2e-${randomUUID()}@example.com`,
): Promise<TestUser> {
  const user = { name, email, password: 'correct-horse-9', avatar: 'avatar2' };
  const response = await request.post('/api/user/register', { data: user });
  expect(response.status(), await response.text()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  return { ...user, token };
}

/** Holds the host's entry (main.js) back until `release` is called: the page stays as its HTML painted it. */
export async function holdHostEntry(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/main\.[\w.]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/**
 * Opens `path` and waits until the host has started: until then the HTML's own links (header,
 * footer, the host's pages) navigate as plain links, a full page load instead of the app's
 * transition.
 */
export async function gotoStarted(page: Page, path: string): Promise<void> {
  // A mark on each new document's window: a full navigation starts without it.
  await page.addInitScript((event) => {
    document.addEventListener(event, () => Object.assign(window, { [event]: true }), { once: true });
  }, SITE_STARTED_EVENT);
  await page.goto(path);
  await page.waitForFunction((event) => event in window, SITE_STARTED_EVENT);
}

/** Stores the token the way the site does (localStorage `token`), before the page's scripts run. */
export async function logInAs(page: Page, user: TestUser): Promise<void> {
  await page.addInitScript((token) => window.localStorage.setItem('token', token), user.token);
}

/** Calendar date `days` from today, as YYYY-MM-DD in the business time zone. */
export function dateFromToday(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(date);
}

/** Books a car through the real API. */
export async function bookThroughApi(
  request: APIRequestContext,
  user: TestUser,
  vehicleId: string,
  dates: { pick_up_date: string; drop_off_date: string },
) {
  return request.post(`/api/book-ride/${vehicleId}`, {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { ...VALID_BOOKING_DETAILS, name: user.name, email: user.email, ...dates },
  });
}

/**
 * axe on what the reader ends up seeing (`selector`, or the whole page): no hover left over from
 * the last click, and no step or dialog still fading in with colours in between. Serious and
 * critical violations fail the test, each named with where it is.
 */
export async function expectNoSeriousAxeViolations(page: Page, selector?: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const axe = new AxeBuilder({ page });
  const { violations } = await (selector ? axe.include(selector) : axe).analyze();
  const serious = violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`),
  ).toEqual([]);
}

/** Full-page screenshots at phone and desktop widths, attached to the report and kept in the test's output. */
export async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // Let layout settle after the resize before capturing.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // Kept in the test's output folder too, to be looked at without the report.
    const file = testInfo.outputPath(`${name}-${width}px.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    await testInfo.attach(`${name}-${width}px`, { path: file, contentType: 'image/png' });
  }
}

/** Every test fails if the page throws an uncaught error. */
export const test = base.extend<{ pageErrors: Error[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { e2eSite };

/** Where a wizard's rider lives, as its Address step asks. */
export interface RiderAddress {
  address: string;
  pincode: string;
}

/** The Book Ride wizard opened from a car's page and walked to its Dates step with the user's own details. */
export async function wizardAtDates(
  page: Page,
  user: TestUser,
  { address, pincode }: RiderAddress = { address: '12 Marine Drive, Mumbai', pincode: '400020' },
): Promise<Locator> {
  await page.getByRole('button', { name: 'Book A Ride' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Ride' });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(user.name);
  await dialog.getByLabel('Age', { exact: true }).fill('34');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Phone Number').fill('9876543210');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Address').fill(address);
  await dialog.getByLabel('Pin Code').fill(pincode);
  await dialog.getByRole('button', { name: 'Next' }).click();
  return dialog;
}
