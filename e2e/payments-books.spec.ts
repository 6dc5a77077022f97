import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatPaise } from '@rentora/shared/format';
import {
  bookThroughApi,
  dateFromToday,
  e2eSite,
  expect,
  expectNoSeriousAxeViolations,
  givenAdmin,
  gotoStarted,
  logInAs,
  registerUser,
  screenshots,
  staff,
  test,
  type TestUser,
} from './fixtures';

const ROOT = path.resolve(__dirname, '..');
const CAR = {
  name: `Audi e-tron GT ${randomUUID().slice(0, 4)}`,
  plate: `KA 05 PB ${1000 + Math.floor(Math.random() * 8999)}`,
};

/** The admin this spec works as: create-admin on the suite's own database, or the one a site names. */
async function theAdmin(request: APIRequestContext): Promise<TestUser> {
  let admin = givenAdmin;
  if (e2eSite.local || !admin) {
    admin = { email: `payments-admin-${randomUUID()}@example.com`, password: 'a-long-admin-password-9' };
    const made = spawnSync(process.execPath, [path.join(ROOT, 'api/dist/main.cjs'), 'create-admin'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: {
        ...process.env,
        DATA_DIR: process.env.E2E_DATA_DIR,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        ADMIN_NAME: 'Priya Raman',
        LOG_LEVEL: 'warn',
      },
    });
    expect(made.status, made.stderr).toBe(0);
  }
  const login = await request.post('/api/user/login', { data: admin });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return { name: 'Priya Raman', email: admin.email, password: admin.password, avatar: 'avatar2', token };
}

/** A car of this run's own, so its rental's days clash with no other spec's. */
async function addCar(request: APIRequestContext, admin: TestUser): Promise<string> {
  const answer = await request.post('/api/operator/vehicles', {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: {
      car_name: CAR.name,
      brand_name: 'Audi',
      car_type: 'Sports',
      seating_capacity: 4,
      price_per_day: 20000,
      image_url: 'https://images.pexels.com/photos/7985342/pexels-photo-7985342.jpeg',
      location: 'Bengaluru',
      customer_ratings: 4.8,
      description: 'An electric grand tourer for the payments journey.',
      model_year: 2025,
      average: 5.2,
      fuel_type: 'Electric',
      engine: 'Dual motor',
      transmission: 'Automatic',
      license_plate: CAR.plate,
      status: 'in_service',
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { _id: string })._id;
}

const notifications = (page: Page) => page.getByRole('status', { name: 'Notifications' });

test.describe('The books', () => {
  test(
    'the desk records a payment, the invoice says what is paid and due, and the Payments page charts it',
    staff,
    async ({ page, request }, testInfo) => {
      test.setTimeout(180_000);
      const admin = await theAdmin(request);
      const carId = await addCar(request, admin);
      const customer = await registerUser(request, 'Meera Pillai');
      const booked = await bookThroughApi(request, customer, carId, {
        pick_up_date: dateFromToday(0),
        drop_off_date: dateFromToday(1),
      });
      expect(booked.status(), await booked.text()).toBe(201);

      // 1. At the desk: the booking shows nothing paid and its ₹40,000 due; the desk takes ₹15,000 by UPI.
      await logInAs(page, admin);
      await gotoStarted(page, `/operator/bookings?customer=${encodeURIComponent(customer.email)}`);
      const row = page.getByRole('table', { name: 'Bookings' }).getByRole('row').filter({ hasText: CAR.name });
      await expect(row).toContainText('₹0.00 paid');
      await expect(row).toContainText(`${formatPaise(4_000_000)} due`);
      await row.getByRole('button', { name: `Payments: ${CAR.name}, Meera Pillai` }).click();
      const dialog = page.getByRole('dialog', { name: 'Payments' });
      await expect(dialog.getByText('Nothing paid or refunded yet.')).toBeVisible();
      await dialog.getByLabel('Method').selectOption('upi');
      await dialog.getByLabel('Amount (₹)').fill('15000');
      await dialog.getByLabel('Reference').fill('UPI-REF-2207');
      await expectNoSeriousAxeViolations(page, '[role="dialog"]');
      await dialog.getByRole('button', { name: 'Record payment' }).click();
      await expect(notifications(page)).toContainText(
        `Payment of ${formatPaise(1_500_000)} recorded for ${CAR.name}, Meera Pillai.`,
      );
      const books = dialog.getByRole('group', { name: 'Books' });
      await expect(books).toContainText(`Paid${formatPaise(1_500_000)}`);
      await expect(books).toContainText(`Balance due${formatPaise(2_500_000)}`);
      await expect(dialog.getByRole('list', { name: 'Payments and refunds' })).toContainText(
        'Payment · UPI · Captured',
      );
      await screenshots(page, testInfo, 'booking-payments-dialog');
      await page.setViewportSize({ width: 1440, height: 900 });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(row).toContainText(`${formatPaise(1_500_000)} paid`);
      await screenshots(page, testInfo, 'booking-view');
      await page.setViewportSize({ width: 1440, height: 900 });

      // 2. Handed over and back: the invoice shows what was paid and the balance, beside the invoice as issued.
      for (const to of ['picked_up', 'completed']) {
        const moved = await request.post(
          `/api/operator/bookings/${(await bookingId(request, admin, customer)).toString()}/stage`,
          {
            headers: { Authorization: `Bearer ${admin.token}` },
            data: { to },
          },
        );
        expect(moved.status(), await moved.text()).toBe(200);
      }
      await page.reload();
      await row.getByRole('button', { name: `Invoice: ${CAR.name}, Meera Pillai` }).click();
      const invoice = page.getByRole('dialog', { name: 'Tax invoice' });
      const paid = invoice.getByRole('group', { name: 'Payments' });
      await expect(paid).toContainText(`Paid${formatPaise(1_500_000)}`);
      await expect(paid).toContainText(`Balance due${formatPaise(2_500_000)}`);
      await page.keyboard.press('Escape');
      await expect(invoice).toBeHidden();

      // 3. The Payments page: the payment in the list, and the last 30 days charted by method.
      await page.getByRole('navigation', { name: 'Operations' }).getByRole('link', { name: 'Payments' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
      const payment = page
        .getByRole('table', { name: 'Payments and refunds' })
        .getByRole('row')
        .filter({ hasText: 'UPI-REF-2207' });
      await expect(payment).toContainText(CAR.name);
      await expect(payment).toContainText(formatPaise(1_500_000));
      const chart = page.getByRole('region', { name: 'Last 30 days' });
      await expect(chart.getByRole('img', { name: /^Takings and refunds by method/ })).toBeVisible();
      await expect(chart.locator('canvas')).toBeVisible();
      await expect(chart.getByText('Drawing the chart…')).toBeHidden();
      await chart.getByText('The figures as a table').click();
      await expect(
        chart.getByRole('table', { name: 'Takings and refunds per day and method, last 30 days' }),
      ).toContainText('UPI');
      await expectNoSeriousAxeViolations(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshots(page, testInfo, 'payments-page');
      await page.setViewportSize({ width: 1440, height: 900 });

      // 4. An admin's settings page has the payment settings' own form, online payment off as the site runs.
      await page.getByRole('navigation', { name: 'Operations' }).getByRole('link', { name: 'Settings' }).click();
      const settings = page.getByRole('form', { name: 'Payments and cancellations' });
      await expect(settings.getByLabel('Online payment')).toHaveValue('off');
      await expect(settings.getByLabel('Hold while paying (minutes)')).toHaveValue('15');
      await expect(settings.getByLabel('Tier 1: refund (%)')).toHaveValue('100');
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoSeriousAxeViolations(page);
      await screenshots(page, testInfo, 'settings-payments');
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();

      // 5. The same list as CSV, named by its days.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await (await download.createReadStream()).toArray();
      const lines = Buffer.concat(csv).toString('utf8').split('\r\n');
      expect(lines[0]).toBe(
        'id,at,day,rental_id,customer,car,kind,purpose,method,status,amount_inr,amount_paise,reference,recorded_by',
      );
      expect(lines.some((line) => line.includes(',charge,desk,upi,captured,15000.00,1500000,UPI-REF-2207,'))).toBe(
        true,
      );
    },
  );
});

async function bookingId(request: APIRequestContext, admin: TestUser, customer: TestUser): Promise<number> {
  const answer = await request.get(`/api/operator/bookings?customer=${encodeURIComponent(customer.email)}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  const { items } = (await answer.json()) as { items: { id: number }[] };
  expect(items).toHaveLength(1);
  return items[0]?.id ?? 0;
}
