import { randomUUID } from 'node:crypto';
import { appendFileSync, cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  buildApp,
  copyCatalogSource,
  freshWork,
  hashTree,
  ownPort,
  providePackageVersion,
  root,
  serveHostWithCatalog,
} from './deploy';
import { e2eSite, expect, logInAs, registerUser, serverControl, test } from './fixtures';

/** Makes every request to one remote's origin fail, as if it were down. */
async function takeDown(page: Page, origin: string, what: 'everything' | 'chunks' = 'everything') {
  await page.route(`${origin}/**`, (route) => {
    const file = new URL(route.request().url()).pathname;
    const isEntry = file.endsWith('mf-manifest.json') || file.endsWith('remoteEntry.js');
    return what === 'chunks' && isEntry ? route.fallback() : route.abort('connectionrefused');
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

  // The value is set in @rentora/state's $token by the account remote...
  await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign Up' });
  await dialog.getByLabel('Name').fill('Ira Menon');
  await dialog.getByLabel('Email').fill(`singleton-${randomUUID()}@example.com`);
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

/** The home page's chunk a catalog build's manifest names, which the page's HTML should preload. */
function homeChunkOf(catalogFiles: string): string {
  const manifest = JSON.parse(readFileSync(path.join(catalogFiles, 'mf-manifest.json'), 'utf8')) as {
    exposes: { path: string; assets: { js: { sync: string[] } } }[];
  };
  const chunk = manifest.exposes.find((expose) => expose.path === './HomePage')?.assets.js.sync[0];
  if (!chunk) throw new Error('The catalog manifest names no home page chunk.');
  return chunk;
}

test(
  'a remote deploys alone: a rebuilt catalog, its hints and first paint show after a reload, the host untouched',
  serverControl('rebuilds the catalog and redeploys it beside a host of its own, from this checkout’s builds'),
  async ({ page }) => {
    test.setTimeout(120_000);
    const work = freshWork('deploy-alone');
    const catalogFiles = path.join(work, 'catalog-live');
    cpSync(path.join(root, 'remote-catalog/dist'), catalogFiles, { recursive: true });
    const site = await serveHostWithCatalog(work, catalogFiles, ownPort(10), { pages: true });
    // The start-up script adds the page's preloads after the first paint, which already shows the
    // heading from the server's HTML: poll for them rather than read them once.
    const preloads = async () =>
      page
        .locator('link[rel="preload"][as="script"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    // The home page as the server sends it, before any script runs: the catalog's own first paint.
    const firstPaint = async () => {
      const html = await (await page.request.get(`${site.hostOrigin}/`)).text();
      return /<div data-first-paint=""[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
    };

    try {
      await page.goto(site.hostOrigin);
      await expect(page.getByRole('heading', { level: 1, name: 'Drive Your Dreams with Rentora' })).toBeVisible();
      const oldChunk = homeChunkOf(catalogFiles);
      await expect.poll(preloads).toContain(`${site.catalogOrigin}/${oldChunk}`);
      expect(await firstPaint()).toContain('>Dreams with</span>');
      const hostBefore = hashTree(site.hostFiles);

      // A new version of the catalog alone: its source copied, one exposed text changed, rebuilt.
      const source = copyCatalogSource(work);
      const hero = path.join(source, 'src/features/home/hero.tsx');
      writeFileSync(hero, readFileSync(hero, 'utf8').replace('Dreams with', 'Dreams Today with'));
      const built = buildApp(source);

      // Deploy: the remote's origin now serves the new files.
      rmSync(catalogFiles, { recursive: true, force: true });
      cpSync(built, catalogFiles, { recursive: true });

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Drive Your Dreams Today with Rentora' })).toBeVisible();
      // The page's hints follow the new manifest, with no host rebuild.
      const newChunk = homeChunkOf(catalogFiles);
      expect(newChunk).not.toBe(oldChunk);
      await expect.poll(preloads).toContain(`${site.catalogOrigin}/${newChunk}`);
      // Added all at once: with the new chunk in, the old one would be too if it were named.
      expect(await preloads()).not.toContain(`${site.catalogOrigin}/${oldChunk}`);
      expect(await firstPaint()).toContain('>Dreams Today with</span>');
      expect(hashTree(site.hostFiles)).toEqual(hostBefore);
    } finally {
      await site.close();
      rmSync(work, { recursive: true, force: true });
    }
  },
);

test.describe(
  'version skew (docs/architecture.md §2)',
  serverControl('builds the catalog against other package versions and serves it beside a host of its own'),
  () => {
    test('a remote built against a compatible newer shared version runs its own code', async ({ page }) => {
      test.setTimeout(120_000);
      const work = freshWork('newer-shared');
      // @rentora/shared 1.1.0: its button primitive, which the home page's links use, now shouts.
      const shared = providePackageVersion(work, 'shared', '1.1.0');
      appendFileSync(path.join(shared, 'src/ui/button.module.css'), '\n.button {\n  text-transform: uppercase;\n}\n');
      const site = await serveHostWithCatalog(work, buildApp(copyCatalogSource(work)), ownPort(20));

      try {
        await page.goto(site.hostOrigin);
        await expect(page.getByRole('heading', { level: 1, name: 'Drive Your Dreams with Rentora' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Get Started' })).toHaveText('GET STARTED', { useInnerText: true });
        // The host keeps the 1.0.0 it was built with, and works.
        await expectShellWorks(page);
        await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Up' })).toHaveText('Sign Up', {
          useInnerText: true,
        });
      } finally {
        await site.close();
        rmSync(work, { recursive: true, force: true });
      }
    });

    const hostState = (JSON.parse(readFileSync(path.join(root, 'state/package.json'), 'utf8')) as { version: string })
      .version;
    const hostMajor = Number(hostState.split('.')[0]);
    // Built against another major @rentora/state, a remote requires it strictly; the host provides today's.
    // The previous major is a remote not yet rebuilt after a new one (a router change, ADR 0023).
    for (const { which, major, port } of [
      { which: 'next', major: hostMajor + 1, port: 24 },
      { which: 'previous', major: hostMajor - 1, port: 26 },
    ]) {
      test(`a remote built against the ${which} major of @rentora/state shows the 'Try again' panel with a clear console message, before it runs`, async ({
        page,
      }) => {
        test.setTimeout(120_000);
        const work = freshWork(`${which}-state`);
        const needed = `${major}.0.0`;
        providePackageVersion(work, 'state', needed);
        const site = await serveHostWithCatalog(work, buildApp(copyCatalogSource(work)), ownPort(port));
        const consoleMessages: string[] = [];
        page.on('console', (message) => consoleMessages.push(`${message.type()}: ${message.text()}`));

        try {
          await page.goto(site.hostOrigin);
          const panel = page.getByRole('alert');
          await expect(panel).toContainText('We couldn’t load the home page.');
          await expect(panel.getByRole('button', { name: 'Try again' })).toBeVisible();
          await expectShellWorks(page);
          const failure = () =>
            consoleMessages.find((text) => text.includes('The remote module catalog/HomePage did not load'));
          await expect
            .poll(failure)
            .toContain(`Version ${hostState} from host of shared singleton module @rentora/state`);
          expect(failure()).toContain(`needs ^${needed}`);

          // Retrying cannot help until a compatible version is deployed, but it fails the same clean way.
          await panel.getByRole('button', { name: 'Try again' }).click();
          await expect(page.getByRole('alert')).toContainText('We couldn’t load the home page.');
          await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
          await expect(page.getByRole('heading', { level: 1 })).toContainText('personal project');
        } finally {
          await site.close();
          rmSync(work, { recursive: true, force: true });
        }
      });
    }
  },
);
