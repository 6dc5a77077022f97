import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { siteApps, type SiteApp } from '../apps';
import { prerenderHostPages } from '../build/prerender';
import { findRepoRoot } from './repo';
import { precompress } from './precompress';
import { isStale, markBuilt } from './staleness';

const root = findRepoRoot();
const shared = path.join(root, 'shared');
const state = path.join(root, 'state');
const apiDir = path.join(root, 'api');
const platformDir = path.join(root, 'platform');
const lockfile = path.join(root, 'package-lock.json');
/** The Rspack/federation config every app builds with. */
const buildConfig = path.join(platformDir, 'src/build');

async function buildFrontEnd({ name: app, dir, remote }: SiteApp): Promise<void> {
  const rspackCli = path.join(root, 'node_modules/@rspack/cli/bin/rspack.js');
  const result = spawnSync(process.execPath, [rspackCli, 'build', '--mode', 'production'], {
    cwd: dir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`The ${app} build failed.`);
  if (!remote) await prerenderHostPages(dir);
  precompress(path.join(dir, 'dist'));
  markBuilt(path.join(dir, 'dist'));
}

async function dependenciesOf(dir: string): Promise<string[]> {
  const { dependencies = {} } = (await import(path.join(dir, 'package.json'))) as {
    dependencies?: Record<string, string>;
  };
  return Object.keys(dependencies);
}

/**
 * A self-contained CommonJS file per entry: our workspaces are bundled in, npm packages stay
 * external (node_modules resolves them at run time).
 */
async function bundleNode(options: {
  entryPoints: Record<string, string>;
  outdir: string;
  packageDirs: readonly string[];
}): Promise<void> {
  const external = (await Promise.all(options.packageDirs.map(dependenciesOf)))
    .flat()
    .filter((name) => !name.startsWith('@rentora/'));
  await esbuild({
    entryPoints: options.entryPoints,
    outdir: options.outdir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    external,
    logLevel: 'warning',
  });
  markBuilt(options.outdir);
}

/** The API alone (`node api/dist/main.cjs`). */
function buildApi(): Promise<void> {
  return bundleNode({
    entryPoints: { main: path.join(apiDir, 'src/main.ts') },
    outdir: path.join(apiDir, 'dist'),
    packageDirs: [apiDir],
  });
}

/** The composed site's server (`npm start`, the browser suite): the API plus the static servers. */
function buildSiteServer(): Promise<void> {
  return bundleNode({
    entryPoints: { serve: path.join(platformDir, 'src/launch/serve.ts') },
    outdir: path.join(platformDir, 'dist'),
    packageDirs: [apiDir, platformDir],
  });
}

/** Builds what changed since its last build (everything with `--all`). */
export async function buildStale(options: { all?: boolean } = {}): Promise<void> {
  if (options.all || isStale(path.join(apiDir, 'dist'), [path.join(apiDir, 'src'), shared, lockfile])) {
    process.stdout.write('Building api…\n');
    await buildApi();
  }
  const serverInputs = [path.join(platformDir, 'src'), path.join(apiDir, 'src'), shared, state, lockfile];
  if (options.all || isStale(path.join(platformDir, 'dist'), serverInputs)) {
    process.stdout.write('Building the site server…\n');
    await buildSiteServer();
  }
  const { host, remotes } = siteApps(root);
  for (const app of [host, ...remotes]) {
    const { dir } = app;
    if (options.all || isStale(path.join(dir, 'dist'), [dir, shared, state, buildConfig, lockfile])) {
      process.stdout.write(`Building ${app.name}…\n`);
      await buildFrontEnd(app);
    }
  }
}

if (require.main === module) {
  buildStale({ all: process.argv.includes('--all') }).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
