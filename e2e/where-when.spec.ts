import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import {
  bookThroughApi,
  dateFromToday,
  expect,
  expectNoSeriousAxeViolations,
  freeDays,
  logInAs,
  registerUser,
  screenshots,
  test,
  wizardAtDates,
} from './fixtures';
import { dayCell, showMonthOf } from './calendar';

async function searchFromHome(
  page: Page,
  city: string,
  pickUp: string,
  dropOff: string,
  beforeSubmit: () => Promise<void> = async () => {},
) {
  await page.goto('/');
  // The page itself, not its first paint: what a visitor does before the page takes over is
  // e2e/pages.spec.ts's to test, with the page's start held so it happens every time.
  await expect(page.locator('[data-first-paint]')).toHaveCount(0);
  const form = page.getByRole('form', { name: 'Find a car' });
  await expect(form.getByRole('option', { name: /^Goa \(\d+ cars?\)$/ })).toBeAttached();
  await form.getByRole('combobox', { name: 'Location' }).selectOption(city);
  await form.getByLabel('Pick-Up Date').fill(pickUp);
  await form.getByLabel('Drop-Off Date').fill(dropOff);
  await beforeSubmit();
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(`/vehicles?location=${city}&pick_up_date=${pickUp}&drop_off_date=${dropOff}`);
}

async function resultCount(page: Page): Promise<number> {
  const count = page.getByText(/^\d+ Results?$/);
  await expect(count).toBeVisible();
  return Number((await count.textContent())?.split(' ')[0]);
}

const carNames = (page: Page) => page.getByRole('list', { name: 'Cars' }).getByRole('heading', { level: 2 });

const inOneMonth = (start: number) => dateFromToday(start).slice(0, 7) === dateFromToday(start + 2).slice(0, 7);

/**
 * Three days in a row in one month, so the calendar shows them all at once, free on `cars`. With
 * no cars named (a search's results), at random among this run's days, so the test's copies and
 * the other tests rarely meet.
 */
async function threeDaysInOneMonth(
  request: APIRequestContext,
  testInfo: TestInfo,
  cars: string[] = [],
): Promise<[string, string, string]> {
  const start = await freeDays(request, testInfo, cars, 3, { fits: inOneMonth, atRandom: cars.length === 0 });
  return [dateFromToday(start), dateFromToday(start + 1), dateFromToday(start + 2)];
}

test.describe('Where and when', () => {
  test('search Goa for three days, book a car from the results, and it leaves them', async ({
    page,
    request,
  }, testInfo) => {
    // Two production searches, a booking and screenshots at two widths.
    test.slow();
    const user = await registerUser(request);
    await logInAs(page, user);
    // A range of this run's own, so reruns against the same database do not meet their own bookings.
    const [pickUp, middle, dropOff] = await threeDaysInOneMonth(request, testInfo);

    await searchFromHome(page, 'Goa', pickUp, dropOff, () => screenshots(page, testInfo, 'home-search'));
    const before = await resultCount(page);
    expect(before).toBeGreaterThan(0);
    await expect(carNames(page)).toHaveCount(before);
    const firstCard = page.getByRole('list', { name: 'Cars' }).getByRole('article').first();
    await expect(firstCard.getByText(/^₹[\d,]+ for 3 days$/)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, testInfo, 'fleet-searched');

    const carName = (await firstCard.getByRole('heading', { level: 2 }).textContent()) ?? '';
    await firstCard.getByRole('link', { name: 'Check Details' }).click();
    await expect(page.getByRole('heading', { level: 1, name: carName })).toBeVisible();
    const availability = page.getByRole('grid', { name: 'Availability' });
    await expect(dayCell(availability, pickUp, ', pick-up')).toHaveAttribute('aria-selected', 'true');
    await expect(dayCell(availability, middle)).toHaveAttribute('aria-selected', 'true');
    await expect(dayCell(availability, dropOff, ', drop-off')).toHaveAttribute('aria-selected', 'true');
    await expectNoSeriousAxeViolations(page);
    await availability.scrollIntoViewIfNeeded();
    await screenshots(page, testInfo, 'detail-availability');

    const dialog = await wizardAtDates(page, user, { address: '7 Calangute Beach Road, Goa', pincode: '403516' });
    await expect(dialog.getByLabel('Pick-Up Date')).toHaveValue(pickUp);
    await expect(dialog.getByLabel('Drop-Off Date')).toHaveValue(dropOff);
    const picker = dialog.getByRole('grid', { name: 'Choose your dates' });
    await expect(dayCell(picker, pickUp, ', pick-up')).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('region', { name: 'Price summary' })).toContainText('3 days');
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');
    await screenshots(page, testInfo, 'wizard-dates');

    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('img', { name: 'Success' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    // Fresh right after the booking, without a reload.
    await expect(dayCell(availability, pickUp, ', booked, pick-up')).toBeVisible();
    await expect(dayCell(availability, middle, ', booked')).toBeVisible();

    await searchFromHome(page, 'Goa', pickUp, dropOff);
    await expect(page.getByText(before - 1 === 1 ? '1 Result' : `${before - 1} Results`)).toBeVisible();
    await expect(carNames(page).filter({ hasText: carName })).toHaveCount(0);
  });

  test('the Availability calendar frees the days right after a cancellation, without a reload', async ({
    page,
    request,
  }, testInfo) => {
    const user = await registerUser(request);
    const [pickUp, dropOff] = await threeDaysInOneMonth(request, testInfo, ['maserati-granturismo']);
    const dates = { pick_up_date: pickUp, drop_off_date: dropOff };
    expect((await bookThroughApi(request, user, 'maserati-granturismo', dates)).ok()).toBe(true);
    await logInAs(page, user);
    await page.goto('/vehicles/maserati-granturismo');
    const availability = page.getByRole('grid', { name: 'Availability' });
    await showMonthOf(page, dates.pick_up_date);
    await expect(dayCell(availability, dates.pick_up_date, ', booked')).toBeVisible();

    await page.getByRole('button', { name: 'Open profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Profile' });
    await profile.getByRole('button', { name: 'Cancel Rental' }).click();
    await profile.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(page.getByText('Rental cancelled successfully!')).toBeVisible();
    await profile.getByRole('button', { name: 'Close' }).click();
    // This rental's own days: a car no other test books, and only its days, so parallel tests cannot meet it.
    await expect(dayCell(availability, dates.pick_up_date)).toBeVisible();
    await expect(dayCell(availability, dates.drop_off_date)).toBeVisible();
  });

  test('the calendar is worked with the keyboard alone', async ({ page }) => {
    await page.goto('/vehicles/audi-a4');
    const availability = page.getByRole('grid', { name: 'Availability' });
    const today = dateFromToday(0);
    await dayCell(availability, today, ', today').focus();
    await page.keyboard.press('PageDown');
    const sameDayNextMonth = availability.locator('[tabindex="0"]');
    await expect(sameDayNextMonth).toBeFocused();
    await expect(page.getByText(/^[A-Z][a-z]+ \d{4}$/)).not.toHaveText(
      new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${today}T00:00:00Z`),
      ),
    );
    await page.keyboard.press('PageUp');
    await expect(dayCell(availability, today, ', today')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(dayCell(availability, dateFromToday(1))).toBeFocused();
  });
});
