import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import type { CustomerRental } from '@rentora/shared';
import type { BookingWithPayment, CheckoutResult } from '@rentora/shared/payments';
import { siteAtPortBase } from '@rentora/platform/launch/site-config';
import { pressInCheckout } from './checkout';
import { createAdminOn, startMoneySite, type RunningSite } from './money-site';
import {
  afterRenderedFrames,
  bookThroughApi,
  dateFromToday,
  expect,
  expectNoSeriousAxeViolations,
  freeDays,
  gotoStarted,
  logInAs,
  registerUser,
  serverControl,
  test,
  type TestUser,
} from './fixtures';
import { e2eSite } from './site';

/**
 * A customer moves a rental's drop-off from the Profile (docs/product.md §11), with online
 * payment off as on the suite's site: the dialog shows the new total and the difference from
 * the server before anything is changed. A car no other spec books.
 */
const CAR = 'rolls-royce-ghost';

/** What the reader sees of a dialog at phone and desktop widths, kept in the test's output and the report. */
async function dialogScreens(page: Page, testInfo: TestInfo, name: string, dialog: Locator) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await expect(dialog).toBeVisible();
    await afterRenderedFrames(page);
    const file = testInfo.outputPath(`${name}-${width}px.png`);
    await page.screenshot({ path: file, animations: 'disabled' });
    await testInfo.attach(`${name}-${width}px`, { path: file, contentType: 'image/png' });
  }
}

/** The rental's customer's rentals, as the API answers them. */
async function rentalsOf(request: APIRequestContext, user: TestUser): Promise<CustomerRental[]> {
  const answer = await request.get('/api/rentals', { headers: { Authorization: `Bearer ${user.token}` } });
  return (await answer.json()) as CustomerRental[];
}

/** The Profile's dialog for the rental of `carName`; `beforeOpening` looks at the Profile first. */
async function openChangeDates(
  page: Page,
  carName: string,
  beforeOpening: (profile: Locator) => Promise<void> = async () => {},
): Promise<Locator> {
  await gotoStarted(page, '/');
  await page.getByRole('banner').getByRole('button', { name: 'Open profile' }).click();
  const profile = page.getByRole('dialog', { name: 'Profile' });
  await beforeOpening(profile);
  await profile.getByRole('button', { name: `Change dates: ${carName}` }).click();
  return page.getByRole('dialog', { name: 'Change dates' });
}

test('a customer extends a rental from the Profile, seeing the new total and the difference first', async ({
  page,
  request,
}, testInfo) => {
  const start = await freeDays(request, testInfo, [CAR], 4);
  const user = await registerUser(request, 'Anaya Rao');
  const booked = { pick_up_date: dateFromToday(start), drop_off_date: dateFromToday(start + 1) };
  expect((await bookThroughApi(request, user, CAR, booked)).status()).toBe(201);
  const [before] = await rentalsOf(request, user);

  await logInAs(page, user);
  const dialog = await openChangeDates(page, 'Rolls-Royce Ghost', async (profile: Locator) => {
    await expect(profile.getByRole('button', { name: 'Cancel Rental' })).toBeVisible();
    await dialogScreens(page, testInfo, 'change-dates-profile', profile);
  });
  await expect(dialog.getByText('Choose new dates to see the new total.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm new dates' })).toBeDisabled();

  const later = dateFromToday(start + 3);
  await dialog.getByLabel('Drop-off date').fill(later);
  const summary = dialog.getByRole('region', { name: 'New total' });
  await expect(summary.getByText('New total')).toBeVisible();
  await expect(summary.getByRole('definition').nth(1)).toHaveText(/ more$/);
  const shownTotal = await summary.getByRole('definition').first().textContent();
  await expectNoSeriousAxeViolations(page, '[role="dialog"][aria-labelledby]');
  await dialogScreens(page, testInfo, 'change-dates-dialog', dialog);

  // A drop-off before pick-up is refused beside the field, before the server is asked.
  await dialog.getByLabel('Drop-off date').fill(dateFromToday(start - 1));
  await expect(dialog.getByText('Drop-off must be on or after pick-up.')).toBeVisible();
  await dialog.getByLabel('Drop-off date').fill(later);
  await expect(summary.getByText('New total')).toBeVisible();

  await dialog.getByRole('button', { name: 'Confirm new dates' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('is now booked from');
  await expect(page.getByRole('dialog', { name: 'Profile' })).toBeVisible();
  const [after] = await rentalsOf(request, user);
  expect(after).toMatchObject({ pick_up_date: booked.pick_up_date, drop_off_date: later });
  expect(after!.total_paise).toBeGreaterThan(before!.total_paise);
  expect(shownTotal).toBe(`₹${(after!.total_paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
});

/**
 * With online payment on, on a site of its own (switching it on would change every other spec's
 * bookings): a longer rental is paid for through the stand-in's checkout page before it moves.
 */
test.describe('with online payment on', () => {
  const paySite = siteAtPortBase(Number(process.env.E2E_PORT_BASE ?? 4000) + 20);
  const STARTS_ITS_OWN_SITE = 'starts a site of its own from the local builds, and runs create-admin on its database';
  test.use({ baseURL: paySite.baseUrl });
  test.skip(!e2eSite.local, `@server-control against ${e2eSite.baseUrl}: ${STARTS_ITS_OWN_SITE}`);
  let site: RunningSite;
  test.beforeAll(async () => {
    site = await startMoneySite(paySite);
  });
  test.afterAll(async () => {
    await site.stop();
  });

  test(
    'a longer rental is paid for through the checkout page, checked again when the first check is lost, then moves',
    serverControl(STARTS_ITS_OWN_SITE),
    async ({ page, request }, testInfo) => {
      const admin = { email: `admin-${randomUUID()}@example.com`, password: 'a-long-admin-password-9' };
      expect(createAdminOn(site, admin.email, admin.password).status).toBe(0);
      const login = await request.post('/api/user/login', { data: admin });
      const adminAuth = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
      const switched = await request.put('/api/operator/settings', {
        headers: adminAuth,
        data: {
          ...((await (await request.get('/api/operator/settings', { headers: adminAuth })).json()) as object),
          online_payment: 'total',
        },
      });
      expect(switched.status(), await switched.text()).toBe(200);

      // Booked and paid for, as the wizard would.
      const user = await registerUser(request, 'Vikram Sethi');
      const booked = { pick_up_date: dateFromToday(10), drop_off_date: dateFromToday(11) };
      const booking = (await (await bookThroughApi(request, user, CAR, booked)).json()) as BookingWithPayment;
      const paid = await request.post(`${paySite.gatewayUrl}/v1/orders/${booking.payment.order_id}/pay`, {
        data: { outcome: 'success' },
      });
      const verified = await request.post(`/api/payments/${booking.payment.id}/verify`, {
        headers: { Authorization: `Bearer ${user.token}` },
        data: (await paid.json()) as CheckoutResult,
      });
      expect(verified.status(), await verified.text()).toBe(200);
      const [before] = await rentalsOf(request, user);

      await logInAs(page, user);
      const dialog = await openChangeDates(page, 'Rolls-Royce Ghost');
      const later = dateFromToday(12);
      await dialog.getByLabel('Drop-off date').fill(later);
      const summary = dialog.getByRole('region', { name: 'New total' });
      await expect(summary.getByText('To pay now')).toBeVisible();
      const due = await summary.getByRole('definition').nth(2).textContent();
      await dialogScreens(page, testInfo, 'change-dates-pay', dialog);

      await dialog.getByRole('button', { name: `Pay ${due} and confirm` }).click();
      // The first check of the payment never reaches the API: paid, it is checked again, never paid twice.
      await page.route('**/api/payments/*/verify', (route) => route.abort(), { times: 1 });
      await pressInCheckout(page, `Pay ${due}`);
      await expect(dialog.getByRole('alert')).toContainText(
        'Your payment went through, but it could not be confirmed yet.',
      );
      await expect(dialog.getByRole('button', { name: /^Pay / })).toHaveCount(0);
      await dialogScreens(page, testInfo, 'change-dates-unconfirmed', dialog);
      await dialog.getByRole('button', { name: 'Check again' }).click();
      await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(
        'Payment received: your rental’s new dates are confirmed.',
      );
      await expect(dialog).toBeHidden();
      const [after] = await rentalsOf(request, user);
      expect(after).toMatchObject({ ...booked, drop_off_date: later });
      expect(after!.total_paise - before!.total_paise).toBe(Number(due!.replace(/[₹,.]/g, '')));

      // A second change whose Checkout is closed unpaid keeps its days held and blocks another:
      // the dialog then offers to pay for it, and the rental moves to its dates.
      const further = dateFromToday(13);
      const second = await openChangeDates(page, 'Rolls-Royce Ghost');
      await second.getByLabel('Drop-off date').fill(further);
      const secondDue = await second
        .getByRole('region', { name: 'New total' })
        .getByRole('definition')
        .nth(2)
        .textContent();
      await second.getByRole('button', { name: `Pay ${secondDue} and confirm` }).click();
      await pressInCheckout(page, 'Close');
      await expect(second.getByRole('alert')).toContainText('Not paid yet: the new dates are held for you until');
      await second.getByRole('button', { name: 'Keep current dates' }).click();

      const third = await openChangeDates(page, 'Rolls-Royce Ghost');
      await third.getByLabel('Drop-off date').fill(dateFromToday(14));
      await expect(third.getByRole('region', { name: 'New total' })).toContainText(
        'An earlier change of these dates is waiting for its payment.',
      );
      await dialogScreens(page, testInfo, 'change-dates-earlier-waits', third);
      await third.getByRole('button', { name: 'Pay for the earlier change' }).click();
      await pressInCheckout(page, `Pay ${secondDue}`);
      await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(
        'Payment received: your rental’s new dates are confirmed.',
      );
      await expect(third).toBeHidden();
      expect((await rentalsOf(request, user))[0]).toMatchObject({ ...booked, drop_off_date: further });
    },
  );
});
