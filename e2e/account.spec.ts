import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import {
  bookThroughApi,
  dateFromToday,
  expect,
  expectNoSeriousAxeViolations,
  freeDays,
  logInAs,
  newVisitorContext,
  registerUser,
  screenshots,
  test,
  type TestUser,
} from './fixtures';

const displayDate = (iso: string) => iso.split('-').reverse().join('/');

/** `length` days in a row the car is free on. */
async function freeDates(request: APIRequestContext, testInfo: TestInfo, car: string, length: number) {
  const start = await freeDays(request, testInfo, [car], length);
  return { pick_up_date: dateFromToday(start), drop_off_date: dateFromToday(start + length - 1) };
}

const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));

/** What the API answers for `token` now: 200 while its session lives, 401 once revoked. */
async function userStatus(request: APIRequestContext, token: string): Promise<number> {
  return (await request.get('/api/user', { headers: { Authorization: `Bearer ${token}` } })).status();
}

/** A second session of the account, as another device would hold it. */
async function logInAgain(request: APIRequestContext, user: TestUser): Promise<string> {
  const response = await request.post('/api/user/login', { data: { email: user.email, password: user.password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
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
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');
    await screenshots(page, testInfo, 'sign-up-errors');

    await dialog.getByLabel('Email').fill(`kabir-${randomUUID()}@example.com`);
    await dialog.getByLabel('Password', { exact: true }).fill('correct-horse-9');
    await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();

    await expect(dialog.getByText('Your account is ready. Welcome to Rentora!')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');
    await screenshots(page, testInfo, 'sign-up-success');
    await dialog.getByRole('button', { name: 'Done' }).click();

    await expect(page.getByRole('dialog')).toHaveCount(0);
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Sign Up' })).toHaveCount(0);
    await header.getByRole('button', { name: 'Open profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Profile' });
    await expect(profile.getByText('Kabir Shah')).toBeVisible();
    await expect(profile.getByRole('link', { name: 'No rentals yet! Explore cars now!' })).toBeVisible();
    await expect(profile.getByRole('button', { name: 'Log out everywhere' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');
    await screenshots(page, testInfo, 'profile-empty');

    await profile.getByRole('link', { name: 'No rentals yet! Explore cars now!' }).click();
    await expect(page).toHaveURL(/\/vehicles$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('logs out, the server refuses the old token, then logs in again, with the refusal first', async ({
    page,
    request,
  }, testInfo) => {
    const user = await registerUser(request, 'Nisha Rao');
    await logInAs(page, user);
    await page.goto('/');

    await page.getByRole('banner').getByRole('button', { name: 'Open profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Profile' });
    await expect(profile.getByText(user.email)).toBeVisible();
    const token = await storedToken(page);
    expect(token).toBe(user.token);
    await profile.getByRole('button', { name: 'Logout' }).click();

    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('You’ve been logged out!')).toBeVisible();
    expect(await storedToken(page)).toBeNull();
    await expect.poll(() => userStatus(request, user.token)).toBe(401);

    await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('button', { name: 'Already have an account? Login Here!' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await expect(dialog.getByLabel('Email')).toBeVisible();
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');
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

  test('Log out everywhere ends the session in another browser too', async ({ page, browser, request }, testInfo) => {
    const user = await registerUser(request, 'Ira Menon');
    const otherDevice = await newVisitorContext(browser);
    try {
      const elsewhere = await otherDevice.newPage();
      await logInAs(elsewhere, { ...user, token: await logInAgain(request, user) });
      await elsewhere.goto('/');
      await expect(elsewhere.getByRole('banner').getByRole('button', { name: 'Open profile' })).toBeVisible();
      const elsewhereToken = await storedToken(elsewhere);

      await logInAs(page, user);
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Open profile' }).click();
      const profile = page.getByRole('dialog', { name: 'Profile' });
      await expect(profile.getByText(user.email)).toBeVisible();
      await screenshots(page, testInfo, 'profile-log-out-everywhere');
      await profile.getByRole('button', { name: 'Log out everywhere' }).click();

      await expect(page.getByText('You’ve been logged out on every device!')).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Up' })).toBeVisible();
      expect(await storedToken(page)).toBeNull();
      expect(await userStatus(request, user.token)).toBe(401);
      expect(await userStatus(request, elsewhereToken ?? '')).toBe(401);

      // The other browser finds out on its next call: a refused token logs it out silently.
      await elsewhere.reload();
      await expect(elsewhere.getByRole('banner').getByRole('button', { name: 'Sign Up' })).toBeVisible();
      await expect.poll(() => storedToken(elsewhere)).toBeNull();
    } finally {
      await otherDevice.close();
    }
  });

  test('lists a booking made through the API and cancels it', async ({ page, request }, testInfo) => {
    const user = await registerUser(request, 'Dev Malhotra');
    const earlier = await freeDates(request, testInfo, 'lexus-ls', 3);
    const later = await freeDates(request, testInfo, 'porsche-panamera', 2);
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
    await expectNoSeriousAxeViolations(page, '[role="dialog"]');
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
