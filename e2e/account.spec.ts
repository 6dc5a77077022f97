import { randomUUID } from 'node:crypto';
import { MAX_DAYS_AHEAD } from '@rentora/shared/rules';
import {
  bookThroughApi,
  dateFromToday,
  expect,
  expectNoSeriousAxeViolations,
  logInAs,
  registerUser,
  screenshots,
  test,
} from './fixtures';

const displayDate = (iso: string) => iso.split('-').reverse().join('/');

/** A few days within the bookable window (180 days), random enough that parallel specs booking the same car rarely clash. */
function farDates(length: number) {
  const start = 1 + Math.floor(Math.random() * (MAX_DAYS_AHEAD - length));
  return { pick_up_date: dateFromToday(start), drop_off_date: dateFromToday(start + length - 1) };
}

test.describe('account', () => {
  // Full-page screenshots at two widths are slow on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('signs up from the header, and the header switches to the profile avatar', async ({ page }, testInfo) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();

    const dialog = page.getByRole('dialog', { name: 'Sign Up' });
    await expect(dialog.getByRole('radio', { name: 'Avatar 1' })).toBeChecked();
    await expect(dialog.getByRole('radio')).toHaveCount(6);
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');
    await screenshots(page, testInfo, 'sign-up');

    await dialog.getByRole('radio', { name: 'Avatar 3' }).check();
    await dialog.getByLabel('Name').fill('Kabir Shah');
    await dialog.getByLabel('Email').fill('kabir at example');
    await dialog.getByLabel('Password', { exact: true }).fill('short');
    await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(dialog.getByText('Invalid email format.')).toBeVisible();
    await expect(dialog.getByText('Password must be at least 8 characters long.')).toBeVisible();
    await screenshots(page, testInfo, 'sign-up-errors');

    await dialog.getByLabel('Email').fill(`kabir-${randomUUID()}@example.com`);
    await dialog.getByLabel('Password', { exact: true }).fill('correct-horse-9');
    await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();

    await expect(dialog.getByText('Your account is ready. Welcome to Rentora!')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    await screenshots(page, testInfo, 'sign-up-success');
    await dialog.getByRole('button', { name: 'Done' }).click();

    await expect(page.getByRole('dialog')).toHaveCount(0);
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Sign Up' })).toHaveCount(0);
    await header.getByRole('button', { name: 'Open profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Profile' });
    await expect(profile.getByText('Kabir Shah')).toBeVisible();
    await expect(profile.getByRole('link', { name: 'No rentals yet! Explore cars now!' })).toBeVisible();
    await screenshots(page, testInfo, 'profile-empty');

    await profile.getByRole('link', { name: 'No rentals yet! Explore cars now!' }).click();
    await expect(page).toHaveURL(/\/vehicles$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('logs out, then logs in again, with the refusal first', async ({ page, request }, testInfo) => {
    const user = await registerUser(request, 'Nisha Rao');
    await logInAs(page, user);
    await page.goto('/');

    await page.getByRole('banner').getByRole('button', { name: 'Open profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Profile' });
    await expect(profile.getByText(user.email)).toBeVisible();
    await profile.getByRole('button', { name: 'Logout' }).click();

    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('You’ve been logged out!')).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('button', { name: 'Already have an account? Login Here!' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(dialog.getByText('Incorrect email or password.')).toBeVisible();
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');
    await screenshots(page, testInfo, 'login-refused');

    await dialog.getByRole('button', { name: 'Login Again!' }).click();
    await expect(dialog.getByLabel('Email')).toHaveValue(user.email);
    await dialog.getByLabel('Password', { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(dialog.getByText('Logged in successfully!')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();

    await expect(page.getByRole('banner').getByRole('button', { name: 'Open profile' })).toBeVisible();
  });

  test('lists a booking made through the API and cancels it', async ({ page, request }, testInfo) => {
    const user = await registerUser(request, 'Dev Malhotra');
    const earlier = farDates(3);
    const later = farDates(2);
    expect((await bookThroughApi(request, user, 'lexus-ls', earlier)).ok()).toBe(true);
    expect((await bookThroughApi(request, user, 'porsche-panamera', later)).ok()).toBe(true);
    await logInAs(page, user);
    await page.goto('/vehicles');

    await page.getByRole('banner').getByRole('button', { name: 'Open profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Profile' });
    await expect(profile.getByRole('heading', { name: 'Your rentals' })).toBeVisible();
    const rentals = profile.getByRole('listitem');
    await expect(rentals).toHaveCount(2);
    // Newest first.
    await expect(rentals.nth(1)).toContainText('Lexus LS');
    await expect(rentals.nth(1)).toContainText(
      `${displayDate(earlier.pick_up_date)} → ${displayDate(earlier.drop_off_date)}`,
    );
    await expect(rentals.nth(1)).toContainText('3 days · ₹72,000');
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');
    await screenshots(page, testInfo, 'profile-rentals');

    await rentals.nth(1).getByRole('button', { name: 'Cancel Rental' }).click();
    await expect(rentals.nth(1).getByText('Cancel this rental?')).toBeVisible();
    await screenshots(page, testInfo, 'profile-confirm-cancel');
    await rentals.nth(1).getByRole('button', { name: 'Yes, cancel' }).click();

    await expect(page.getByText('Rental cancelled successfully!')).toBeVisible();
    await expect(rentals.nth(1).getByText('Rental Cancelled')).toBeVisible();
    await expect(rentals.nth(0).getByRole('button', { name: 'Cancel Rental' })).toBeVisible();
  });

  test('a token the server no longer accepts logs out silently on reload', async ({ page, request }) => {
    const user = await registerUser(request);
    // Same account, signature broken: what the server sees after its secret rotated.
    const forged = `${user.token.slice(0, -4)}AAAA`;
    await logInAs(page, { ...user, token: forged });
    await page.goto('/');

    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Up' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await expect(page.getByText('You’ve been logged out!')).toHaveCount(0);
  });
});
