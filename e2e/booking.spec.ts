import type { Locator, Page } from '@playwright/test';
import {
  bookThroughApi,
  dateFromToday,
  expect,
  freeDays,
  expectNoSeriousAxeViolations,
  logInAs,
  registerUser,
  screenshots,
  test,
  type TestUser,
} from './fixtures';

const displayDate = (iso: string) => iso.split('-').reverse().join('/');

async function openBookRide(page: Page, vehicleId: string): Promise<Locator> {
  await page.goto(`/vehicles/${vehicleId}`);
  await page.getByRole('button', { name: 'Book A Ride' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Ride' });
  await expect(dialog.getByRole('heading', { name: 'Book Ride' })).toBeVisible();
  return dialog;
}

/** Steps 0–2 with the user's own details, leaving the wizard on the dates step; `onStep` runs on steps 1 and 2. */
async function fillDetails(dialog: Locator, user: TestUser, onStep: () => Promise<void> = async () => {}) {
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(user.name);
  await dialog.getByLabel('Age', { exact: true }).fill('34');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue(user.email);
  await dialog.getByLabel('Phone Number').fill('9876543210');
  await onStep();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Address').fill('12 Marine Drive, Mumbai');
  await dialog.getByLabel('Pin Code').fill('400020');
  await onStep();
  await dialog.getByRole('button', { name: 'Next' }).click();
}

async function fillDates(dialog: Locator, pickUp: string, dropOff: string) {
  await dialog.getByLabel('Pick-Up Date').fill(pickUp);
  await dialog.getByLabel('Drop-Off Date').fill(dropOff);
}

test.describe('Book Ride', () => {
  test('books a car, shows it in the profile and its dates as booked on the detail page', async ({
    page,
    request,
  }, testInfo) => {
    // Screenshots at two widths and two axe scans take most of the default 30 s on their own.
    test.slow();
    const user = await registerUser(request);
    const start = await freeDays(request, testInfo, ['bmw-x1'], 4);
    await logInAs(page, user);
    const dialog = await openBookRide(page, 'bmw-x1');

    const progress = dialog.getByRole('progressbar', { name: 'Booking progress' });
    await expect(progress).toHaveAttribute('aria-valuenow', '1');
    await expect(dialog.getByRole('button', { name: 'Back' })).toHaveCount(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');
    await screenshots(page, testInfo, 'book-ride-step-0');

    await fillDetails(dialog, user, () => expectNoSeriousAxeViolations(page, '[role="dialog"]'));
    await expect(progress).toHaveAttribute('aria-valuenow', '4');
    const pickUp = dateFromToday(start);
    const dropOff = dateFromToday(start + 3);
    await fillDates(dialog, pickUp, dropOff);
    await expect(dialog.getByRole('region', { name: 'Price summary' })).toContainText('4 days ×');
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');
    await screenshots(page, testInfo, 'book-ride-dates');

    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('status')).toContainText(
      `is booked from ${displayDate(pickUp)} to ${displayDate(dropOff)}`,
    );
    await expect(dialog.getByRole('img', { name: 'Success' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');
    await screenshots(page, testInfo, 'book-ride-success');

    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Already booked' })).toContainText(
      `${displayDate(pickUp)} → ${displayDate(dropOff)}`,
    );

    await page.getByRole('button', { name: 'Open profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Profile' });
    await expect(profile.getByRole('heading', { name: 'Your rentals' })).toBeVisible();
    await expect(profile.getByRole('listitem').filter({ hasText: 'X1' })).toContainText(
      `${displayDate(pickUp)} → ${displayDate(dropOff)}`,
    );
  });

  test('shows the form error with Back, and the booking goes through once corrected', async ({
    page,
    request,
  }, testInfo) => {
    const user = await registerUser(request);
    // The drop-off first tried is two days before the pick-up, still ahead of today.
    const start = await freeDays(request, testInfo, ['audi-a4'], 2, { earliest: 3 });
    await logInAs(page, user);
    const dialog = await openBookRide(page, 'audi-a4');
    await fillDetails(dialog, user);
    await fillDates(dialog, dateFromToday(start), dateFromToday(start - 2));
    await dialog.getByRole('button', { name: 'Submit' }).click();

    await expect(dialog.getByRole('status')).toHaveText(
      'Please ensure all fields are filled out and correctly formatted.',
    );
    await expect(dialog.getByRole('img', { name: 'Error' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByLabel('Drop-Off Date')).toHaveAccessibleDescription(
      'Drop-off must be on or after pick-up.',
    );
    await dialog.getByLabel('Drop-Off Date').fill(dateFromToday(start + 1));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('img', { name: 'Success' })).toBeVisible();
  });

  test('a second user picking taken dates gets the clash message before sending', async ({
    page,
    request,
  }, testInfo) => {
    const first = await registerUser(request, 'Meera Iyer');
    // Five days booked, then two overlapping their end, then the two after them.
    const start = await freeDays(request, testInfo, ['jaguar-xe'], 7);
    const pickUp = dateFromToday(start);
    const dropOff = dateFromToday(start + 4);
    expect(
      (await bookThroughApi(request, first, 'jaguar-xe', { pick_up_date: pickUp, drop_off_date: dropOff })).ok(),
    ).toBe(true);

    const second = await registerUser(request, 'Rohan Kapoor');
    await logInAs(page, second);
    const dialog = await openBookRide(page, 'jaguar-xe');
    await fillDetails(dialog, second);
    await fillDates(dialog, dateFromToday(start + 2), dateFromToday(start + 6));
    const message = `This car is already booked from ${displayDate(pickUp)} to ${displayDate(dropOff)}. Please choose other dates.`;
    await expect(dialog.getByLabel('Drop-Off Date')).toHaveAccessibleDescription(message);
    await screenshots(page, testInfo, 'book-ride-clash');

    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('status')).toHaveText(message);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await fillDates(dialog, dateFromToday(start + 5), dateFromToday(start + 6));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('img', { name: 'Success' })).toBeVisible();
  });

  test('a cancelled rental frees the car to be booked again', async ({ page, request }, testInfo) => {
    const user = await registerUser(request);
    const start = await freeDays(request, testInfo, ['kia-carnival'], 3);
    const dates = { pick_up_date: dateFromToday(start), drop_off_date: dateFromToday(start + 2) };
    expect((await bookThroughApi(request, user, 'kia-carnival', dates)).ok()).toBe(true);
    await logInAs(page, user);
    await page.goto('/vehicles/kia-carnival');

    await page.getByRole('button', { name: 'Open profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Profile' });
    await profile.getByRole('button', { name: 'Cancel Rental' }).click();
    await profile.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(page.getByText('Rental cancelled successfully!')).toBeVisible();
    await expect(profile.getByText('Rental Cancelled')).toBeVisible();
    await profile.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Book A Ride' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Ride' });
    await fillDetails(dialog, user);
    await fillDates(dialog, dates.pick_up_date, dates.drop_off_date);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('img', { name: 'Success' })).toBeVisible();
  });

  test('a 4th upcoming rental is refused on the last step with the 3-rental limit', async ({
    page,
    request,
  }, testInfo) => {
    const user = await registerUser(request, 'Tanvi Joshi');
    for (const car of ['mercedes-benz-glc', 'bmw-3-series', 'toyota-camry']) {
      const start = await freeDays(request, testInfo, [car], 2);
      const booked = await bookThroughApi(request, user, car, {
        pick_up_date: dateFromToday(start),
        drop_off_date: dateFromToday(start + 1),
      });
      expect([car, booked.status()]).toEqual([car, 201]);
    }
    await logInAs(page, user);
    const dialog = await openBookRide(page, 'maserati-ghibli');
    await fillDetails(dialog, user);
    const pickUp = dateFromToday(await freeDays(request, testInfo, ['maserati-ghibli'], 1));
    await fillDates(dialog, pickUp, pickUp);
    await dialog.getByRole('button', { name: 'Submit' }).click();

    await expect(dialog.getByRole('status')).toHaveText(
      'This account already has 3 upcoming rentals. Cancel one or wait until one ends.',
    );
    await expect(dialog.getByRole('img', { name: 'Error' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');

    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Open profile' }).click();
    await expect(page.getByRole('dialog', { name: 'Profile' }).getByRole('listitem')).toHaveCount(3);
  });

  test('closes on Escape and on a backdrop click', async ({ page, request }) => {
    const user = await registerUser(request);
    await logInAs(page, user);
    const dialog = await openBookRide(page, 'hyundai-santa-fe');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

    await page.getByRole('button', { name: 'Book A Ride' }).click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
  });
});
