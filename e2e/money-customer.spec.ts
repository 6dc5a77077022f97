import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import type { CreditNote, CustomerRental, Invoice, Quote, QuoteTotal } from '@rentora/shared';
import type { BusinessSettings } from '@rentora/shared/operator';
import {
  afterRenderedFrames,
  bookThroughApi,
  dateFromToday,
  expect,
  expectNoSeriousAxeViolations,
  logInAs,
  registerUser,
  serverControl,
  test,
  wizardAtDates,
} from './fixtures';
import { longDate, showMonthOf } from './calendar';
import { e2eSite } from './site';

/**
 * The money side as a customer meets it (docs/product.md §10): a dated search's totals, a car's
 * day prices and rules, the wizard's quote with an add-on, and a completed rental's invoice.
 * Cars no other spec uses carry this spec's rules; the add-on is offered only while the wizard
 * needs it, since add-ons are the whole site's.
 */
const ROOT = path.resolve(__dirname, '..');
const WIZARD_CAR = 'mercedes-benz-a-class';
const SEARCH_CAR = 'land-rover-discovery';
const INVOICE_CAR = 'aston-martin-db11';

async function adminToken(request: APIRequestContext): Promise<string> {
  const [email, password] = [`money-admin-${randomUUID()}@example.com`, 'a long admin password'];
  const made = spawnSync(process.execPath, [path.join(ROOT, 'api/dist/main.cjs'), 'create-admin'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: password,
      LOG_LEVEL: 'warn',
    },
  });
  expect(made.status, made.stderr).toBe(0);
  const login = await request.post('/api/user/login', { data: { email, password } });
  return ((await login.json()) as { token: string }).token;
}

/**
 * What the reader sees of `target` at phone and desktop widths (the screen, not the whole page:
 * a modal's summary is inside its own scroll), kept in the test's output and the report.
 */
async function screens(page: Page, testInfo: TestInfo, name: string, target: Locator, settle = async () => {}) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await target.scrollIntoViewIfNeeded();
    await settle();
    await afterRenderedFrames(page);
    const file = testInfo.outputPath(`${name}-${width}px.png`);
    await page.screenshot({ path: file, animations: 'disabled' });
    await testInfo.attach(`${name}-${width}px`, { path: file, contentType: 'image/png' });
  }
}

test.describe.configure({ mode: 'serial' });

const MAKES_ITS_ADMIN = 'runs create-admin on the site’s database, and sets car rules and an add-on there';

test.describe('money, as the customer sees it', serverControl(MAKES_ITS_ADMIN), () => {
  // Skipped before its hooks run: the admin is made on the database of the suite's own site.
  test.skip(!e2eSite.local, `@server-control against ${e2eSite.baseUrl}: ${MAKES_ITS_ADMIN}`);
  let admin: Record<string, string>;
  test.beforeAll(async ({ request }) => {
    admin = { Authorization: `Bearer ${await adminToken(request)}` };
  });

  const setRules = async (request: APIRequestContext, car: string, rules: Record<string, unknown>) =>
    expect((await request.patch(`/api/operator/vehicles/${car}`, { headers: admin, data: rules })).status()).toBe(200);

  test('a dated search’s card shows the range’s total with the car’s rules', async ({ page, request }, testInfo) => {
    const pickUp = dateFromToday(40);
    const range = { pick_up_date: pickUp, drop_off_date: dateFromToday(42) };
    await setRules(request, SEARCH_CAR, {
      date_prices: [{ start_date: dateFromToday(41), end_date: dateFromToday(41), price_per_day: 35_000 }],
      length_discounts: [{ min_days: 3, percent: 10 }],
    });
    const totals = (await (
      await request.get(`/api/quotes?${new URLSearchParams({ vehicles: SEARCH_CAR, ...range }).toString()}`)
    ).json()) as QuoteTotal[];
    const total = `₹${((totals[0]?.total_paise ?? 0) / 100).toLocaleString('en-IN')} for 3 days`;

    await page.goto(`/vehicles?${new URLSearchParams({ location: 'Lucknow', ...range }).toString()}`);
    const card = page.getByRole('article', { name: 'Land Rover Discovery' });
    await expect(card.getByText(total, { exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screens(page, testInfo, 'money-search-card', card);
  });

  test('the car page gives a day’s price on hover and focus, and lists the rules', async ({
    page,
    request,
  }, testInfo) => {
    const [first, last] = [dateFromToday(20), dateFromToday(22)];
    await setRules(request, WIZARD_CAR, {
      date_prices: [{ start_date: first, end_date: last, price_per_day: 32_000 }],
      length_discounts: [
        { min_days: 3, percent: 5 },
        { min_days: 7, percent: 10 },
      ],
      deposit: 5_000,
    });
    await page.goto(`/vehicles/${WIZARD_CAR}`);
    const calendar = page.getByRole('grid', { name: 'Availability' });
    const festivalDay = calendar.getByRole('gridcell', { name: new RegExp(`^${longDate(first)}`) });
    await showMonthOf(page, first);
    await festivalDay.hover();
    await expect(festivalDay.getByRole('tooltip')).toHaveText('₹32,000/day');
    await expect(festivalDay).toHaveAccessibleDescription('₹32,000/day');
    const rules = page.getByRole('region', { name: 'Prices and discounts' });
    await expect(rules.getByRole('listitem')).toHaveText([
      /₹32,000\/day$/,
      '3 days or more5% off',
      '7 days or more10% off',
    ]);
    await expect(rules).toContainText('refundable, paid at pick-up');
    await expectNoSeriousAxeViolations(page);
    await screens(page, testInfo, 'money-car-calendar', festivalDay, () => festivalDay.hover());
  });

  test('the wizard offers an add-on, shows the quote’s lines and books at it', async ({ page, request }, testInfo) => {
    const offered = await request.post('/api/operator/add-ons', {
      headers: admin,
      data: { label: 'Chauffeur', price: 1_500, per: 'day' },
    });
    const chauffeur = ((await offered.json()) as { id: number }).id;
    try {
      const user = await registerUser(request, 'Ishaan Kapoor');
      await logInAs(page, user);
      const range = { pick_up_date: dateFromToday(19), drop_off_date: dateFromToday(26) };
      await page.goto(`/vehicles/${WIZARD_CAR}`);
      const dialog = await wizardAtDates(page, user);
      await dialog.getByLabel('Pick-Up Date').fill(range.pick_up_date);
      await dialog.getByLabel('Drop-Off Date').fill(range.drop_off_date);
      await dialog.getByRole('checkbox', { name: 'Chauffeur ₹1,500/day' }).check();
      const summary = dialog.getByRole('region', { name: 'Price summary' });
      await expect(summary.getByRole('row', { name: /^Chauffeur/ })).toContainText('8 days × ₹1,500');
      const quote = (await (
        await request.post('/api/quotes', { data: { vehicle_id: WIZARD_CAR, ...range, add_ons: [chauffeur] } })
      ).json()) as Quote;
      const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN')}`;
      await expect(summary).toContainText(`Total${rupees(quote.total_paise)}`);
      await expect(summary.getByRole('row', { name: /^Length discount/ })).toContainText(rupees(quote.discount_paise));
      await expect(summary).toContainText('Deposit ₹5,000refundable, paid at pick-up');
      await expectNoSeriousAxeViolations(page, '[role="dialog"]');
      await screens(page, testInfo, 'money-wizard-summary', summary);

      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expect(dialog.getByRole('img', { name: 'Success' })).toBeVisible();
      await expect(dialog.getByRole('region', { name: 'Your booking' })).toContainText(
        `${rupees(quote.total_paise)} · 8 days`,
      );
    } finally {
      await request.patch(`/api/operator/add-ons/${chauffeur}`, { headers: admin, data: { offered: false } });
    }
  });

  test('a completed rental’s invoice: in the Profile, on its page and as a PDF', async ({
    page,
    request,
  }, testInfo) => {
    const user = await registerUser(request, 'Kavya Menon');
    const today = dateFromToday(0);
    expect(
      (await bookThroughApi(request, user, INVOICE_CAR, { pick_up_date: today, drop_off_date: today })).status(),
    ).toBe(201);
    const [rental] = (await (
      await request.get('/api/rentals', { headers: { Authorization: `Bearer ${user.token}` } })
    ).json()) as CustomerRental[];
    // The business's details, for the invoice to carry; no tax, so every other spec's prices stay as they are.
    const before = (await (await request.get('/api/operator/settings', { headers: admin })).json()) as BusinessSettings;
    const business: BusinessSettings = {
      ...before,
      legal_name: 'Rentora Mobility Private Limited',
      address: '12 MG Road, Bengaluru 560001',
      gstin: '29AAGCB7383J1Z4',
      state_code: '29',
      sac: '997311',
      invoice_prefix: 'RNT',
    };
    expect((await request.put('/api/operator/settings', { headers: admin, data: business })).status()).toBe(200);
    for (const to of ['picked_up', 'completed'])
      expect(
        (await request.post(`/api/operator/bookings/${rental?.id}/stage`, { headers: admin, data: { to } })).status(),
      ).toBe(200);
    expect((await request.put('/api/operator/settings', { headers: admin, data: before })).status()).toBe(200);
    const invoice = (await (
      await request.get(`/api/rentals/${rental?.id}/invoice`, { headers: { Authorization: `Bearer ${user.token}` } })
    ).json()) as Invoice;

    await logInAs(page, user);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Open profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Profile' });
    await profile.getByRole('link', { name: `View invoice ${invoice.number}` }).click();
    const paper = page.getByRole('article', { name: invoice.number });
    await expect(paper.getByRole('row', { name: /^Total/ })).toContainText(
      `₹${(invoice.total_paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
    );
    await expectNoSeriousAxeViolations(page);
    await expect(paper.getByRole('region', { name: 'From' })).toContainText('GSTIN 29AAGCB7383J1Z4');
    await screens(page, testInfo, 'money-invoice', paper, () => page.evaluate(() => window.scrollTo(0, 0)));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      paper.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`invoice-${invoice.number.replaceAll('/', '-')}.pdf`);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // At a phone's width the lines keep the card's width, each amount under the total's.
    await page.setViewportSize({ width: 375, height: 812 });
    const table = paper.getByRole('table', { name: 'What the rental cost' });
    const [tableBox, paperWidth] = await Promise.all([
      table.boundingBox(),
      paper.evaluate((element) => {
        const style = getComputedStyle(element);
        return element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      }),
    ]);
    expect(Math.abs((tableBox?.width ?? 0) - paperWidth)).toBeLessThanOrEqual(1);
    const rightEdge = async (row: Locator) => {
      const box = await row.getByRole('cell').last().boundingBox();
      return Math.round((box?.x ?? 0) + (box?.width ?? 0));
    };
    const [line] = invoice.lines;
    expect(await rightEdge(table.getByRole('row', { name: new RegExp(`^${line?.label}`) }))).toBe(
      await rightEdge(table.getByRole('row', { name: /^Total/ })),
    );
    await page.setViewportSize({ width: 1440, height: 900 });

    // An admin credits part of it: the invoice stands, its credit note is listed beneath with its PDF.
    const credited = await request.post(`/api/operator/bookings/${rental?.id}/credit-notes`, {
      headers: admin,
      data: { amount_paise: 50_000, reason: 'Handed over an hour late' },
    });
    expect(credited.status()).toBe(201);
    const note = (await credited.json()) as CreditNote;
    await page.reload();
    const credits = paper.getByRole('region', { name: 'Credit notes' });
    await expect(credits.getByRole('listitem')).toContainText([`Credit note ${note.number}`]);
    await expect(credits).toContainText('Handed over an hour late');
    await expectNoSeriousAxeViolations(page);
    await screens(page, testInfo, 'money-credit-note', credits);
    const [notePdf] = await Promise.all([
      page.waitForEvent('download'),
      credits.getByRole('button', { name: `Download credit note ${note.number} as a PDF` }).click(),
    ]);
    expect(notePdf.suggestedFilename()).toBe(`credit-note-${note.number.replaceAll('/', '-')}.pdf`);
  });
});
