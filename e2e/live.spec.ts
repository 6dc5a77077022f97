import type { Browser, Page } from '@playwright/test';
import type { Vehicle } from '@rentora/shared';
import {
  bookThroughApi,
  dateFromToday,
  expect,
  freeDays,
  logInAs,
  newVisitorContext,
  registerUser,
  test,
  type TestUser,
  wizardAtDates,
} from './fixtures';
import { longDate, showMonthOf } from './calendar';

/** The promise: a change shows on every open page within one second. */
const WITHIN_A_SECOND = { timeout: 1_000 };

/** A second visitor: a browser context of its own (its own storage, its own stream). */
async function otherVisitor(browser: Browser, user?: TestUser): Promise<Page> {
  const context = await newVisitorContext(browser);
  const page = await context.newPage();
  if (user) await logInAs(page, user);
  return page;
}

/** Opens `path` and waits until the page's live stream has answered. */
async function gotoLive(page: Page, path: string): Promise<void> {
  const streaming = page.waitForResponse((response) => response.url().endsWith('/api/events'));
  await page.goto(path);
  expect((await streaming).status()).toBe(200);
}

/** Walks the Book Ride wizard on the car's page up to its Dates step, the dates filled in. */
async function wizardOnDates(page: Page, user: TestUser, dates: { pick_up_date: string; drop_off_date: string }) {
  const dialog = await wizardAtDates(page, user);
  await dialog.getByLabel('Pick-Up Date').fill(dates.pick_up_date);
  await dialog.getByLabel('Drop-Off Date').fill(dates.drop_off_date);
  return dialog;
}

test.describe('live availability', () => {
  test("a booking made on one page shows in another page's calendar within a second", async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const start = await freeDays(request, testInfo, ['lexus-rx'], 2);
    const dates = { pick_up_date: dateFromToday(start), drop_off_date: dateFromToday(start + 1) };
    await gotoLive(page, '/vehicles/lexus-rx');
    const calendar = page.getByRole('grid', { name: 'Availability' });
    await showMonthOf(page, dates.pick_up_date);

    const booker = await registerUser(request, 'Vikram Singh');
    const other = await otherVisitor(browser, booker);
    await other.goto('/vehicles/lexus-rx');
    const dialog = await wizardOnDates(other, booker, dates);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('img', { name: 'Success' })).toBeVisible();

    await expect(calendar.getByRole('gridcell', { name: `${longDate(dates.pick_up_date)}, booked` })).toBeVisible(
      WITHIN_A_SECOND,
    );
    // The rental may end in the next month, which the calendar shows a page later.
    await showMonthOf(page, dates.drop_off_date);
    await expect(calendar.getByRole('gridcell', { name: `${longDate(dates.drop_off_date)}, booked` })).toBeVisible();
    await other.context().close();
  });

  test('the open wizard tells about a clash on its Dates step before Submit, and takes other dates', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    // Two days the other visitor takes, then a day of their own after a free one.
    const start = await freeDays(request, testInfo, ['jaguar-xf'], 4);
    const dates = { pick_up_date: dateFromToday(start), drop_off_date: dateFromToday(start + 1) };
    const shopper = await registerUser(request, 'Asha Rao');
    await logInAs(page, shopper);
    await gotoLive(page, '/vehicles/jaguar-xf');
    const dialog = await wizardOnDates(page, shopper, dates);
    await expect(dialog.getByRole('status')).toHaveText('');

    const booker = await registerUser(request, 'Vikram Singh');
    const other = await otherVisitor(browser, booker);
    await other.goto('/vehicles/jaguar-xf');
    const otherDialog = await wizardOnDates(other, booker, dates);
    await otherDialog.getByRole('button', { name: 'Submit' }).click();
    await expect(otherDialog.getByRole('img', { name: 'Success' })).toBeVisible();

    const clash = `This car is already booked from ${dates.pick_up_date.split('-').reverse().join('/')} to ${dates.drop_off_date.split('-').reverse().join('/')}. Please choose other dates.`;
    await expect(dialog.getByRole('status')).toHaveText(clash, WITHIN_A_SECOND);
    await expect(dialog.getByLabel('Drop-Off Date')).toHaveAccessibleDescription(clash);
    await expect(
      dialog.getByRole('gridcell', { name: `${longDate(dates.pick_up_date)}, booked, pick-up` }),
    ).toBeVisible();

    await dialog.getByLabel('Pick-Up Date').fill(dateFromToday(start + 3));
    await dialog.getByLabel('Drop-Off Date').fill(dateFromToday(start + 3));
    await expect(dialog.getByRole('status')).toHaveText('');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('img', { name: 'Success' })).toBeVisible();
    await other.context().close();
  });

  test('a dated search drops a car booked on another page: at once below the fold, behind "List updated" on screen', async ({
    page,
    request,
  }, testInfo) => {
    // Cars no other test books or edits, in the first row and in the last, both free on these days.
    const carIds = ['jaguar-f-type', 'lamborghini-aventador'];
    const start = await freeDays(request, testInfo, carIds, 2);
    const dates = { pick_up_date: dateFromToday(start), drop_off_date: dateFromToday(start + 1) };
    const search = `/vehicles?pick_up_date=${dates.pick_up_date}&drop_off_date=${dates.drop_off_date}`;
    const fleet = (await (await request.get('/api/vehicles')).json()) as Vehicle[];
    // Other tests book cars and add one while this runs, so the count is checked against the API's own answer.
    const [first, last] = carIds.map((id) => fleet.find((car) => car._id === id));
    if (!first?.availability || !last?.availability) throw new Error('the first-row and last cars must be in service');
    const freeNow = async () => ((await (await request.get(`/api${search}`)).json()) as Vehicle[]).length;
    await gotoLive(page, search);
    const cars = page.getByRole('list', { name: 'Cars' });
    const count = page.getByText(/^\d+ Results$/);
    await expect(cars.getByRole('heading', { name: first.car_name, exact: true })).toHaveCount(1);
    await expect(cars.getByRole('heading', { name: last.car_name, exact: true })).toHaveCount(1);

    const booker = await registerUser(request, 'Vikram Singh');
    expect((await bookThroughApi(request, booker, last._id, dates)).status()).toBe(201);
    await expect(cars.getByRole('heading', { name: last.car_name, exact: true })).toHaveCount(0, WITHIN_A_SECOND);
    await expect(async () => expect(count).toHaveText(`${await freeNow()} Results`, { timeout: 500 })).toPass();
    await expect(page.getByRole('button', { name: 'List updated' })).toHaveCount(0);

    expect((await bookThroughApi(request, booker, first._id, dates)).status()).toBe(201);
    const notice = page.getByRole('button', { name: 'List updated' });
    await expect(notice).toBeVisible(WITHIN_A_SECOND);
    await expect(cars.getByRole('heading', { name: first.car_name, exact: true })).toHaveCount(1);
    await notice.click();
    await expect(cars.getByRole('heading', { name: first.car_name, exact: true })).toHaveCount(0);
    await expect(async () => expect(count).toHaveText(`${await freeNow()} Results`, { timeout: 500 })).toPass();
  });
});
