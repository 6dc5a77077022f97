import { chromium } from '@playwright/test';
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage();
  page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300)));
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  page.on('response', (r) => { if (r.status() >= 400) console.log('HTTP', r.status(), r.url()); });
  await page.goto(process.argv[2], { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  console.log('h1', await page.locator('h1').allTextContents());
  await browser.close();
})();
