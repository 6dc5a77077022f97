import { existsSync } from 'node:fs';
import path from 'node:path';
import { siteApps } from '@rentora/platform/apps';
import { e2eSite, expect, logInAs, registerUser, test } from './fixtures';

const root = path.resolve(__dirname, '..');
const apps = siteApps(root);
const dirOf = new Map([apps.host, ...apps.remotes].map(({ name, dir }) => [name, dir]));

/** Which app's build a URL of the site comes from, by its origin. */
const appOfOrigin = new Map<string, string>([
  [new URL(e2eSite.baseUrl).origin, 'host'],
  ...Object.entries(e2eSite.remotes).map(([name, url]) => [new URL(url).origin, name] as const),
]);

interface SentFile {
  url: URL;
  body: string;
  sourceMapHeader: string | undefined;
}

test('production files name no source map, no server sends one, and each build keeps its maps', async ({
  page,
  request,
}) => {
  const sent: Promise<SentFile>[] = [];
  page.on('response', (response) => {
    if (!['script', 'stylesheet'].includes(response.request().resourceType())) return;
    sent.push(
      (async () => {
        const headers = await response.allHeaders();
        return {
          url: new URL(response.url()),
          body: await response.text(),
          sourceMapHeader: headers.sourcemap ?? headers['x-sourcemap'],
        };
      })(),
    );
  });
  // Signed in on a car page, with the wizard and the profile opened: every app's code is loaded.
  await logInAs(page, await registerUser(request));
  await page.goto('/vehicles/audi-q7');
  await page.getByRole('button', { name: 'Book A Ride' }).click();
  await expect(page.getByRole('dialog', { name: 'Book Ride' }).getByLabel('Name', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Open profile' }).click();
  await expect(page.getByRole('button', { name: 'Log out everywhere' })).toBeVisible();

  const files = await Promise.all(sent);
  const scripts = files.filter(({ url }) => url.pathname.endsWith('.js'));
  expect(new Set(scripts.map(({ url }) => appOfOrigin.get(url.origin)))).toEqual(
    new Set(['host', 'catalog', 'booking', 'account']),
  );
  for (const { url, body, sourceMapHeader } of files) {
    expect([url.href, /sourceMappingURL/.test(body), sourceMapHeader]).toEqual([url.href, false, undefined]);
    const map = await request.get(`${url.origin}${url.pathname}.map`);
    expect([`${url.href}.map`, map.status()]).toEqual([`${url.href}.map`, 404]);
  }
  // The builds are this checkout's only on the suite's own site.
  if (!e2eSite.local) return;
  for (const { url } of scripts) {
    const kept = path.join(dirOf.get(appOfOrigin.get(url.origin) ?? '') ?? '', 'dist', `${url.pathname}.map`);
    expect([kept, existsSync(kept)]).toEqual([kept, true]);
  }
});
