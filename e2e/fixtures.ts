import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { PAGE_SHOWN_EVENT, SITE_STARTED_EVENT } from '@rentora/shared/first-paint';
import { VALID_BOOKING_DETAILS } from '@rentora/shared/testing/booking-form';
import { e2eSite } from './site';
import { swapRemotes } from './swap';

export { expect };
export { dateFromToday, freeDays } from './dates';
export { newVisitorContext } from './swap';

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
  await gotoUntil(page, path, SITE_STARTED_EVENT);
}

/**
 * Opens a remote's page and waits until that page is shown: its code running and its first reads
 * in (the page asks for its data a moment after the load event, though its first paint showed it).
 */
export async function gotoShown(page: Page, path: string): Promise<void> {
  await gotoUntil(page, path, PAGE_SHOWN_EVENT);
}

async function gotoUntil(page: Page, path: string, event: string): Promise<void> {
  // A mark on each new document's window: a full navigation starts without it.
  await page.addInitScript((type) => {
    document.addEventListener(type, () => Object.assign(window, { [type]: true }), { once: true });
  }, event);
  await page.goto(path);
  await page.waitForFunction((type) => type in window, event);
}

/** Stores the token the way the site does (localStorage `token`), before the page's scripts run. */
export async function logInAs(page: Page, user: TestUser): Promise<void> {
  await page.addInitScript((token) => window.localStorage.setItem('token', token), user.token);
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

/** Once the page has rendered two frames (its scripts on): a resize has been laid out and painted. */
export async function afterRenderedFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Full-page screenshots at phone and desktop widths, attached to the report and kept in the test's output. */
export async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // Let layout settle after the resize before capturing.
    await afterRenderedFrames(page);
    // Kept in the test's output folder too, to be looked at without the report.
    const file = testInfo.outputPath(`${name}-${width}px.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    await testInfo.attach(`${name}-${width}px`, { path: file, contentType: 'image/png' });
  }
}

const SERVER_CONTROL = '@server-control';
const STAFF = '@staff';

/**
 * For a test that controls the site's servers (builds and redeploys a remote, serves sites of
 * its own, runs create-admin on the database, stops the API): tagged, and skipped against a site
 * the suite did not start (E2E_BASE_URL), with `why` as the reason in the report.
 */
export function serverControl(why: string) {
  return { tag: SERVER_CONTROL, annotation: { type: 'server-control', description: why } };
}

/** For a test that works as staff: against a site, as the admin E2E_ADMIN_EMAIL/E2E_ADMIN_PASSWORD name. */
export const staff = { tag: STAFF };

/** The admin a test works as against a site (E2E_BASE_URL), when one is given. */
export const givenAdmin =
  process.env.E2E_ADMIN_EMAIL && process.env.E2E_ADMIN_PASSWORD
    ? { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD }
    : undefined;

/** Why a test cannot run against the site under test, or undefined when it can. */
function whyNotHere(testInfo: TestInfo): string | undefined {
  if (e2eSite.local) return undefined;
  if (testInfo.tags.includes(SERVER_CONTROL)) {
    const why = testInfo.annotations.find((annotation) => annotation.type === 'server-control')?.description;
    return `${SERVER_CONTROL} against ${e2eSite.baseUrl}: ${why ?? 'controls the site’s servers'}`;
  }
  if (testInfo.tags.includes(STAFF) && !givenAdmin) {
    return `${STAFF}: set E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD to an admin of ${e2eSite.baseUrl}`;
  }
  return undefined;
}

/**
 * Every test: skipped with its reason where it cannot run, its browser loading the swapped
 * remotes (E2E_REMOTE_<NAME>_URL) from their candidates, and failed if the page throws an uncaught error.
 */
export const test = base.extend<{ runsHere: void; pageErrors: Error[] }>({
  runsHere: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use, testInfo) => {
      const why = whyNotHere(testInfo);
      testInfo.skip(why !== undefined, why);
      await use();
    },
    { auto: true },
  ],
  context: [
    async ({ context }, use) => {
      await swapRemotes(context);
      await use(context);
    },
    { scope: 'test' },
  ],
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
