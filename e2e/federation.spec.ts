import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import Fastify from 'fastify';
import type { Page } from '@playwright/test';
import { startRemoteServer } from '@rentora/platform/site/remote-server';
import { registerStaticSite } from '@rentora/platform/site/static-site';
import { e2eSite, expect, logInAs, registerUser, test } from './fixtures';

const root = path.resolve(__dirname, '..');

/** Makes every request to one remote's origin fail, as if it were down. */
async function takeDown(page: Page, origin: string, what: 'everything' | 'chunks' = 'everything') {
  await page.route(`${origin}/**`, (route) => {
    const file = new URL(route.request().url()).pathname;
    const isEntry = file.endsWith('mf-manifest.json') || file.endsWith('remoteEntry.js');
    return what === 'chunks' && isEntry ? route.continue() : route.abort('connectionrefused');
  });
}

async function bringBack(page: Page, origin: string) {
  await page.unroute(`${origin}/**`);
}

async function expectShellWorks(page: Page) {
  await expect(page.getByRole('banner').getByRole('link', { name: 'Rentora home' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByText('All Rights Reserved © 2024')).toBeVisible();
}

/** Assigned only where React's core module is defined, so it counts copies of React itself. */
const REACT_CORE_MARKER = '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE=';

test('one React and one auth store: a sign-up in the account remote reaches the host and the catalog', async ({
  page,
}) => {
  const scriptBodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scriptBodies.push(response.text());
  });

  await page.goto('/vehicles/audi-q7');
  await expect(page.getByRole('button', { name: 'Book A Ride' })).toBeDisabled();

  // The value is set in @rentora/shared's $token by the account remote...
  await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign Up' });
  await dialog.getByLabel('Name').fill('Ira Menon');
  await dialog.getByLabel('Email').fill(`singleton-${Date.now()}@example.com`);
  await dialog.getByLabel('Password', { exact: true }).fill('correct-horse-9');
  await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // ...and seen by the host's header and by the catalog's detail page, with no reload.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Open profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book A Ride' })).toBeEnabled();

  // The booking remote has loaded too by now: still exactly one React.
  await page.getByRole('button', { name: 'Book A Ride' }).click();
  await expect(page.getByRole('dialog', { name: 'Book Ride' })).toBeVisible();
  const bodies = await Promise.all(scriptBodies);
  expect(bodies.filter((body) => body.includes(REACT_CORE_MARKER))).toHaveLength(1);
});

test.describe('failure isolation', () => {
  for (const what of ['everything', 'chunks'] as const) {
    test(`catalog down (${what}): shell, About and the account remote still work, then it recovers`, async ({
      page,
    }) => {
      await takeDown(page, e2eSite.remotes.catalog, what);
      await page.goto('/');
      await expectShellWorks(page);
      const panel = page.getByRole('alert');
      await expect(panel).toContainText('We couldn’t load the home page.');

      await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
      await expect(page.getByRole('dialog', { name: 'Sign Up' })).toBeVisible();
      await page.keyboard.press('Escape');

      await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('personal project');

      await bringBack(page, e2eSite.remotes.catalog);
      await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Drive Your Dreams with Rentora' })).toBeVisible();
    });
  }

  test('booking down: the detail page works and the modal offers a retry that recovers', async ({ page, request }) => {
    await logInAs(page, await registerUser(request));
    await takeDown(page, e2eSite.remotes.booking);
    await page.goto('/vehicles/bmw-7-series');
    await expectShellWorks(page);
    await page.getByRole('button', { name: 'Book A Ride' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('We couldn’t load booking.');

    await bringBack(page, e2eSite.remotes.booking);
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('dialog', { name: 'Book Ride' })).toBeVisible();
  });

  test('account down: pages and booking work, sign-up offers a retry that recovers', async ({ page }) => {
    await takeDown(page, e2eSite.remotes.account);
    await page.goto('/vehicles');
    await expectShellWorks(page);
    await expect(page.getByRole('heading', { name: 'Search and Book the Best Rental Vehicles' })).toBeVisible();

    await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('We couldn’t load sign-up and login.');

    await bringBack(page, e2eSite.remotes.account);
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign Up' })).toBeVisible();
  });
});

function hashTree(dir: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  const walk = (current: string) => {
    for (const entry of readdirSync(current)) {
      const file = path.join(current, entry);
      if (statSync(file).isDirectory()) walk(file);
      else hashes[path.relative(dir, file)] = createHash('sha256').update(readFileSync(file)).digest('hex');
    }
  };
  walk(dir);
  return hashes;
}

test('a remote deploys alone: a rebuilt catalog shows after a reload, the host untouched', async ({ page }) => {
  test.setTimeout(120_000);
  const work = path.join(root, 'e2e/.work/deploy-alone');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const port = Number(e2eSite.env.PORT) + 10;
  const hostOrigin = `http://localhost:${port}`;
  const catalogOrigin = `http://localhost:${port + 1}`;

  // The deployed host, told by its remotes.json that the catalog lives at catalogOrigin.
  const hostFiles = path.join(work, 'host');
  cpSync(path.join(root, 'host/dist'), hostFiles, { recursive: true });
  writeFileSync(path.join(hostFiles, 'remotes.json'), JSON.stringify({ ...e2eSite.remotes, catalog: catalogOrigin }));
  const catalogFiles = path.join(work, 'catalog-live');
  cpSync(path.join(root, 'remote-catalog/dist'), catalogFiles, { recursive: true });

  const hostServer = Fastify();
  await registerStaticSite(hostServer, { root: hostFiles, spaFallback: true });
  await hostServer.listen({ port, host: '127.0.0.1' });
  const catalogServer = await startRemoteServer({
    root: catalogFiles,
    port: port + 1,
    host: '127.0.0.1',
    corsOrigins: [hostOrigin],
  });

  try {
    await page.goto(hostOrigin);
    await expect(page.getByRole('heading', { level: 1, name: 'Drive Your Dreams with Rentora' })).toBeVisible();
    const hostBefore = hashTree(hostFiles);

    // A new version of the catalog alone: its source copied, one exposed text changed, rebuilt.
    const source = path.join(work, 'remote-catalog');
    cpSync(path.join(root, 'remote-catalog'), source, {
      recursive: true,
      filter: (file) => !/[/\\](dist|node_modules)$/.test(file),
    });
    const hero = path.join(source, 'src/features/home/hero.tsx');
    writeFileSync(hero, readFileSync(hero, 'utf8').replace('Drive Your Dreams with', 'Drive Your Dreams Today with'));
    const build = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--mode', 'production'],
      { cwd: source, encoding: 'utf8' },
    );
    expect(build.status, build.stderr).toBe(0);

    // Deploy: the remote's origin now serves the new files.
    rmSync(catalogFiles, { recursive: true, force: true });
    cpSync(path.join(source, 'dist'), catalogFiles, { recursive: true });

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Drive Your Dreams Today with Rentora' })).toBeVisible();
    expect(hashTree(hostFiles)).toEqual(hostBefore);
  } finally {
    await Promise.all([hostServer.close(), catalogServer.close()]);
    rmSync(work, { recursive: true, force: true });
  }
});
